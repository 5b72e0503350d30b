"""What each networking API gives you, as data: one row per qualified name.

The facts come from docs/stream-facts.md (CPython 3.11 and third-party sources read
directly). Adding an API is adding a row; no code path changes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

TCP, UNIX, UDP, UNKNOWN = "tcp", "unix", "udp", "unknown"
OTHER = "other"  # a socket of a family known not to be TCP (AF_BLUETOOTH, AF_CAN, SOCK_RAW ...)
ON, OFF = "on", "off"  # Nagle on (no TCP_NODELAY) / off (TCP_NODELAY set)
# how one write call reaches the wire
IMMEDIATE, BUFFERED, LOOP = "immediate", "buffered-until-flush", "buffered-until-loop"
CLIENT, SERVER, LISTENER = "client", "server", "listener"
# what an object is, for the methods that count as writes and reads on it
SOCKET, RAW_WRITER, BUFFERED_WRITER, READER, ASYNC_WRITER, ASYNC_READER, HTTP_HANDLER = (
    "socket", "raw-writer", "buffered-writer", "reader", "async-writer", "async-reader", "http-handler",
)
# an object a wrapper's method hands back whose send() writes one piece on a connection through
# the wrappers it keeps, and whose recv() reads it (streams/channels.py): send/recv only
CHANNEL = "channel"
# a telnetlib.Telnet object: write() writes, TELNET_READS read, open() connects, `.sock` is its socket
TELNET = "telnet"
# a multiprocessing.connection.Connection: MP_WRITES write, MP_READS read
MP_CONNECTION = "mp-connection"
# `socket.fromfd(sock.fileno(), ...)`: another descriptor of the same socket, where options are
# set; closing it leaves the connection open
SOCKET_DUP = "socket-dup"


@dataclass(frozen=True)
class StreamFacts:
    transport: str = TCP
    nagle: str = ON
    writes: str = IMMEDIATE
    side: str = CLIENT
    role: str = SOCKET

    def with_(self, **changes) -> "StreamFacts":
        return replace(self, **changes)


TCP_CLIENT = StreamFacts()
TCP_CLIENT_NODELAY = StreamFacts(nagle=OFF)
TCP_LISTENER = StreamFacts(side=LISTENER)
TCP_SERVER = StreamFacts(side=SERVER)
UNIX_SOCKET = StreamFacts(transport=UNIX, nagle=OFF)
UDP_SOCKET = StreamFacts(transport=UDP, nagle=OFF)
NOT_A_STREAM = StreamFacts(transport=UNKNOWN, nagle=OFF)
OTHER_SOCKET = StreamFacts(transport=OTHER, nagle=OFF)

# Modules that re-export the standard library's socket API, constants included (AF_UNIX,
# TCP_NODELAY): names through them are read as `socket.<name>`, so their families are judged too.
# curio's and trio's socket modules wrap the same calls in awaitable methods (`await
# sock.sendall(b)`) and set no TCP_NODELAY of their own.
SOCKET_MODULES = ("_socket", "gevent.socket", "gevent._socket3", "eventlet.green.socket", "curio.socket",
                  "trio.socket")

# Python 2's socket file class, `_fileobject(sock, mode, bufsize)`: what its sock.makefile()
# returned (Python 2.7 Lib/socket.py), still written in compat branches of setup() code.
PY2_FILE_OBJECT = "socket._fileobject"

# The process's standard streams: written and flushed like files, never a socket of ours.
STANDARD_STREAMS = frozenset({"sys.stdout", "sys.stderr", "sys.stdin", "sys.__stdout__", "sys.__stderr__",
                              "sys.__stdin__"})

# Packages whose modules are the standard library's module of the same name with cooperative
# sockets (eventlet/green/BaseHTTPServer.py is `patcher.inject('http.server', ...)`, and its
# socket.py, SocketServer.py, http/server.py the same): `<package>.X.name` is read as `X.name`.
GREEN_PACKAGES = ("eventlet.green",)

# Python 2 names of the same modules (`import SocketServer as socketserver` in compat code).
PY2_MODULES = {"SocketServer": "socketserver", "BaseHTTPServer": "http.server", "SimpleHTTPServer": "http.server",
               "httplib": "http.client", "SimpleXMLRPCServer": "xmlrpc.server", "xmlrpclib": "xmlrpc.client"}

# Calls that return a socket-like object. Those in SOCKET_CLASSES are refined by their family/type
# arguments.
FACTORIES: dict[str, StreamFacts] = {
    "socket.socket": TCP_CLIENT,
    "socket.SocketType": TCP_CLIENT,
    "socket.create_connection": TCP_CLIENT,
    "socket.create_server": TCP_LISTENER,
    "socket.socketpair": UNIX_SOCKET,  # AF_UNIX on POSIX
    "socket.fromfd": NOT_A_STREAM,  # family unknown: precision first
    # paramiko's socket-like pipe to an ssh ProxyCommand's process: no TCP of ours
    "paramiko.ProxyCommand": OTHER_SOCKET,
    "paramiko.proxy.ProxyCommand": OTHER_SOCKET,
    # PySocks: a socket.socket subclass (same family/type arguments) and its connect helper
    "socks.socksocket": TCP_CLIENT,
    "socks.create_connection": TCP_CLIENT,
    # curio's connect helper: a curio socket, Nagle on
    "curio.open_connection": TCP_CLIENT,
    "curio.network.open_connection": TCP_CLIENT,
    # libraries that set TCP_NODELAY themselves (stream-facts.md): never a Nagle stall
    "http.client.HTTPConnection": TCP_CLIENT_NODELAY,
    "http.client.HTTPSConnection": TCP_CLIENT_NODELAY,
    "xmlrpc.client.ServerProxy": TCP_CLIENT_NODELAY,
    "urllib3.HTTPConnectionPool": TCP_CLIENT_NODELAY,
    "urllib3.PoolManager": TCP_CLIENT_NODELAY,
    "urllib3.connection.HTTPConnection": TCP_CLIENT_NODELAY,
    "requests.Session": TCP_CLIENT_NODELAY,
    "websocket.create_connection": TCP_CLIENT_NODELAY,
    "pymysql.connect": TCP_CLIENT_NODELAY,
    "pymongo.MongoClient": TCP_CLIENT_NODELAY,
}
# The standard library's telnet client (and telnetlib3's copy of it, which that package also
# exports as `telnetlib3.Telnet`): a TCP connection, made by the constructor given a host or by
# open(), with Nagle on; each write() is one sendall() and the read_*() / expect() methods read
# the answer. Its socket is the object's `sock` attribute
# (also `get_socket()`), where TCP_NODELAY can be set once it is connected.
TELNET_CLIENTS = frozenset({"telnetlib.Telnet", "telnetlib3.telnetlib.Telnet", "telnetlib3.Telnet"})
TELNET_READS = frozenset({"read_until", "read_all", "read_some", "read_very_eager", "read_eager", "read_lazy",
                          "read_very_lazy", "expect"})
# multiprocessing.connection's Client(address) and Listener(address).accept(): a Connection
# over a TCP socket when the address is a (host, port) tuple or family is 'AF_INET' (a path
# string, or no address on Linux, is AF_UNIX). send()/send_bytes() write one piece each (the
# length header joined to payloads up to 16 KiB), recv()/recv_bytes() read; no TCP_NODELAY, and
# no setsockopt() of its own: it is set on `socket.fromfd(conn.fileno(), ...)`, a duplicate of the
# same socket (stream-facts.md).
MP_CLIENTS = frozenset({"multiprocessing.connection.Client"})
MP_LISTENERS = frozenset({"multiprocessing.connection.Listener"})
MP_WRITES = frozenset({"send", "send_bytes"})
MP_READS = frozenset({"recv", "recv_bytes", "recv_bytes_into"})
# factories that apply an options list given by keyword to the socket they make, as
# `for opt in socket_options: sock.setsockopt(*opt)` does (PySocks' create_connection)
OPTIONS_KEYWORDS = {"socks.create_connection": "socket_options"}
# factories that return two connected sockets (`a, b = socket.socketpair()`): both ends
PAIR_FACTORIES = frozenset({"socket.socketpair"})

# http.client's connections: the base's request writes the header block and the body as
# separate sends on `self.sock`, and getresponse() reads the reply from it. A subclass with its
# own connect() loses the TCP_NODELAY the base's connect() sets (stream-facts.md).
HTTP_CONNECTIONS = frozenset({"http.client.HTTPConnection", "http.client.HTTPSConnection"})
# the base's methods a subclass's own request code calls that put bytes on `self.sock`:
# endheaders() sends the buffered header block, send() one piece (putheader() only buffers)
HTTP_CONNECTION_WRITES = frozenset({"endheaders", "send"})

# httpcore's sync network backends: the pool's HTTP/1.1 and HTTP/2 connections write each request
# (the header block, then each body chunk) and read the reply on the stream connect_tcp() returns,
# and keep it for the next request. SyncBackend.connect_tcp sets TCP_NODELAY (httpcore >= 0.17.3);
# a backend of one's own whose connect_tcp() wraps a socket it made in SyncStream does not
# (stream-facts.md).
HTTPCORE_BACKENDS = frozenset({"httpcore.NetworkBackend", "httpcore.SyncBackend",
                               "httpcore._backends.base.NetworkBackend", "httpcore._backends.sync.SyncBackend"})
HTTPCORE_SYNC_STREAMS = frozenset({"httpcore._backends.sync.SyncStream"})
# paramiko's SSH transport over a socket it is given: it never sets TCP_NODELAY, and writes each
# SSH packet (a channel's data, its exit status, its EOF and close) with a send of its own
# Calls that wait for a person to type (besides input() and reads of sys.stdin): a write made
# after one, on the same turn of a loop, goes at the person's pace.
PERSON_PROMPTS = frozenset({"getpass.getpass", "click.prompt", "click.confirm", "typer.prompt", "typer.confirm",
                            "prompt_toolkit.prompt", "prompt_toolkit.shortcuts.prompt"})
# ... and the prompt() of a session object made from these
PROMPT_SESSIONS = frozenset({"prompt_toolkit.PromptSession", "prompt_toolkit.shortcuts.PromptSession"})

SSH_TRANSPORTS = frozenset({"paramiko.Transport", "paramiko.transport.Transport"})

SOCKET_CLASSES = frozenset({"socket.socket", "socket.SocketType", "socks.socksocket"})

# Awaitable factories returning (reader, writer); asyncio sets TCP_NODELAY on sockets it makes.
ASYNC_PAIR_FACTORIES: dict[str, StreamFacts] = {
    "asyncio.open_connection": TCP_CLIENT_NODELAY.with_(role=ASYNC_WRITER),
    "asyncio.streams.open_connection": TCP_CLIENT_NODELAY.with_(role=ASYNC_WRITER),
    "asyncio.open_unix_connection": UNIX_SOCKET.with_(role=ASYNC_WRITER),
}
# asyncio's low-level client, written as open_connection() itself is: `transport, _ = await
# loop.create_connection(factory, sock=s)`, then `StreamWriter(transport, protocol, reader, loop)`
# writes on that transport and the StreamReader handed to it reads what the transport receives.
# The transport sets TCP_NODELAY only when sock.proto == IPPROTO_TCP (base_events._set_nodelay,
# called by _SelectorSocketTransport.__init__), so a plain `socket.socket()` keeps Nagle on.
EVENT_LOOPS = frozenset({"asyncio.get_event_loop", "asyncio.get_running_loop", "asyncio.new_event_loop"})
ASYNC_STREAM_WRITERS = frozenset({"asyncio.StreamWriter", "asyncio.streams.StreamWriter"})
ASYNC_STREAM_READERS = frozenset({"asyncio.StreamReader", "asyncio.streams.StreamReader"})
# Servers whose callback receives (reader, writer) for each accepted connection.
ASYNC_SERVER_FACTORIES: dict[str, StreamFacts] = {
    "asyncio.start_server": TCP_SERVER.with_(nagle=OFF, role=ASYNC_WRITER),
    "asyncio.streams.start_server": TCP_SERVER.with_(nagle=OFF, role=ASYNC_WRITER),
    "asyncio.start_unix_server": UNIX_SOCKET.with_(side=SERVER, role=ASYNC_WRITER),
}

# Servers that hand each accepted TCP connection to a method their subclass overrides, or to a
# function given to the constructor (or the serving function): class or function -> (method,
# the parameter for the function, its position). gevent's StreamServer accepts from its
# listener and sets no TCP_NODELAY; nor does curio's tcp_server(host, port, client_task).
SERVER_CALLBACKS: dict[str, tuple[str, str, int]] = {
    "gevent.server.StreamServer": ("handle", "handle", 1),
    # a subclass's handle_stream(stream, address) gets each accepted connection as an IOStream,
    # Nagle on (tornado sets TCP_NODELAY only when asked: stream.set_nodelay(True))
    "tornado.tcpserver.TCPServer": ("handle_stream", "", 1),
    "curio.tcp_server": ("", "client_connected_task", 2),
    "curio.network.tcp_server": ("", "client_connected_task", 2),
}

# The standard library's interactive console: interact() prompts with input() on sys.stdout,
# reads sys.stdin.readline(), and writes each command's output (a value's repr, then its newline)
# as separate sys.stdout.write() calls; code.interact() runs one (flow/console.py).
CONSOLE_CLASSES = frozenset({"code.InteractiveConsole"})
CONSOLE_FUNCTIONS = frozenset({"code.interact"})

# Request-handler base classes: what `self.request`, `self.wfile`, `self.rfile` are.
# The handler bases whose stock setup() reads `disable_nagle_algorithm` (a plain
# socketserver.BaseRequestHandler never does).
STREAM_HANDLER_BASES = frozenset({
    "socketserver.StreamRequestHandler", "http.server.BaseHTTPRequestHandler",
    "http.server.SimpleHTTPRequestHandler", "http.server.CGIHTTPRequestHandler",
    "wsgiref.simple_server.WSGIRequestHandler",
})
HANDLER_BASES: dict[str, StreamFacts] = {
    "socketserver.BaseRequestHandler": TCP_SERVER,
    "socketserver.StreamRequestHandler": TCP_SERVER,
    "http.server.BaseHTTPRequestHandler": TCP_SERVER.with_(role=HTTP_HANDLER),
    "http.server.SimpleHTTPRequestHandler": TCP_SERVER.with_(role=HTTP_HANDLER),
    "http.server.CGIHTTPRequestHandler": TCP_SERVER.with_(role=HTTP_HANDLER),
    "wsgiref.simple_server.WSGIRequestHandler": TCP_SERVER.with_(role=HTTP_HANDLER),
    # disable_nagle_algorithm = True in the class (stream-facts.md)
    "xmlrpc.server.SimpleXMLRPCRequestHandler": TCP_SERVER.with_(nagle=OFF, role=HTTP_HANDLER),
    "xmlrpc.server.DocXMLRPCRequestHandler": TCP_SERVER.with_(nagle=OFF, role=HTTP_HANDLER),
    "socketserver.DatagramRequestHandler": UDP_SOCKET.with_(side=SERVER),
}
# handler bases whose handle() does nothing: a class on them with no handle() of its own serves no request
BARE_HANDLER_BASES = frozenset({"socketserver.BaseRequestHandler", "socketserver.StreamRequestHandler"})
# its stock do_GET() writes a file's headers, then its body: two sends on an unbuffered wfile
FILE_SERVER_HANDLER = "http.server.SimpleHTTPRequestHandler"
# the standard library's asyncore SMTP servers (Python <= 3.11): each accepted connection is an
# SMTP session of commands and replies served by smtpd.SMTPChannel, Nagle on, and the stock
# channel answers EHLO with one push() per line
SMTPD_SERVERS = frozenset({"smtpd.SMTPServer", "smtpd.DebuggingServer", "smtpd.PureProxy"})
UNIX_SERVERS = frozenset({
    "socketserver.UnixStreamServer", "socketserver.ThreadingUnixStreamServer",
    "socketserver.ForkingUnixStreamServer", "socketserver.UnixDatagramServer",
})

# Kinds a user can give their own factories in [tool.nagle-lint.streams].
USER_KINDS: dict[str, StreamFacts] = {
    "tcp": TCP_CLIENT,
    "tcp-nodelay": TCP_CLIENT_NODELAY,
    "tcp-server": TCP_SERVER,
    "tcp-server-nodelay": TCP_SERVER.with_(nagle=OFF),
    "unix": UNIX_SOCKET,
    "udp": UDP_SOCKET,
    "not-a-stream": NOT_A_STREAM,
}

# Methods by role: which calls write, read, flush or close the connection.
SOCKET_WRITES = frozenset({"send", "sendall", "sendmsg", "sendto", "sendfile"})
SOCKET_READS = frozenset({"recv", "recv_into", "recvfrom", "recvfrom_into", "recvmsg", "recvmsg_into"})
FILE_WRITES = frozenset({"write", "writelines"})
# ssl.SSLSocket's own write(data) and read(n): one TLS record sent, one read
TLS_SOCKET_IO = frozenset({"write", "read"})
FILE_READS = frozenset({"read", "readline", "readlines", "readinto", "read1", "readinto1", "peek"})
ASYNC_READS = frozenset({"read", "readline", "readexactly", "readuntil"})
# Tornado's IOStream wraps a socket it is given: write() is immediate (stream-facts), reads are
# the read_* methods, and Nagle stays on unless set_nodelay(True) is called.
IOSTREAM = "iostream"
IOSTREAM_WRAPPERS = frozenset({"tornado.iostream.IOStream", "tornado.iostream.SSLIOStream"})
IOSTREAM_READS = frozenset({"read_bytes", "read_until", "read_until_regex", "read_until_close", "read_into"})
# tornado's TCP client: `await TCPClient().connect(host, port)` hands back such an IOStream
TORNADO_TCP_CLIENT = "tornado.tcpclient.TCPClient"
# Streams a library hands back once its own protocol is done with the connection, to the
# session that takes it over (a websocket after its HTTP upgrade): a class built on the base
# reaches it by the call named, and gets it in the state that protocol left it. Tornado's
# HTTP1Connection turns TCP_NODELAY on at the end of each message and off again in
# _finish_request, which has run by the time detach() hands the IOStream back (stream-facts 13):
# the session runs with Nagle on unless it calls set_nodelay(True).
HANDED_BACK: dict[str, tuple[str, StreamFacts]] = {
    "tornado.web.RequestHandler": ("self.detach", TCP_SERVER.with_(role=IOSTREAM)),
    "tornado.simple_httpclient._HTTPConnection": ("self.connection.detach", TCP_CLIENT.with_(role=IOSTREAM)),
}
# asyncore / asynchat dispatchers are their socket: `self.send(b)`, `self.recv(n)` and
# async_chat's `self.push(b)` (sent at once when the socket can take it) write and read the socket
# given to the constructor or made by `self.create_socket(family, type)` (AF_INET, SOCK_STREAM by
# default); `self.accept()` on a listening one returns (sock, addr). Nagle stays on.
DISPATCHER_BASES = frozenset({"asyncore.dispatcher", "asyncore.dispatcher_with_send", "asynchat.async_chat"})
DISPATCHER_WRITES = frozenset({"send", "push"})
DISPATCHER_READS = frozenset({"recv"})
# pyOpenSSL's Connection(context, socket) runs TLS over the socket it is given: the same
# connection, each send() one record (stream-facts).
TLS_CONNECTIONS = frozenset({"OpenSSL.SSL.Connection", "eventlet.green.OpenSSL.SSL.Connection"})
CLOSES = frozenset({"close", "shutdown", "detach"})
# event-loop calls that call their second argument, with the arguments after it, each time the
# first is ready: `loop.add_reader(sock, self.readable, sock)`
LOOP_CALLBACKS = frozenset({"add_reader", "add_writer"})
# http.server handler methods: end_headers()/flush_headers() write the header block in one
# sendall; send_error() answers with Connection: close.
HTTP_HEADER_WRITES = frozenset({"end_headers", "flush_headers"})
HTTP_CLOSING = frozenset({"send_error"})

# Socket option numbers on Linux, for code that spells them as integers.
IPPROTO_TCP = 6
SOL_SOCKET = 1
# Modules the standard library dropped (asyncore, asynchat and smtpd in 3.12, telnetlib in 3.13)
# that packages keep a copy of, in a folder named for it: read as the standard library's
VENDORED_STDLIB = frozenset({"asyncore", "asynchat", "smtpd", "telnetlib"})
VENDOR_FOLDERS = frozenset({"vendor", "_vendor", "vendored", "_vendored", "extern", "_extern", "externals",
                            "third_party", "thirdparty", "_thirdparty"})

OPTION_NUMBERS = {"TCP_NODELAY": 1, "TCP_CORK": 3, "TCP_QUICKACK": 12, "SO_SNDBUF": 7}
LEVEL_NUMBERS = {"IPPROTO_TCP": 6, "SOL_TCP": 6, "SOL_SOCKET": 1}
FAMILY_NUMBERS = {"AF_UNIX": 1, "AF_INET": 2, "AF_INET6": 10}
TYPE_NUMBERS = {"SOCK_STREAM": 1, "SOCK_DGRAM": 2, "SOCK_RAW": 3}
