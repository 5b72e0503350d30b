"""Keep-alive (HTTP/1.1) handler in the xmlrpc.server shape: disable_nagle_algorithm
= True sets TCP_NODELAY in setup() and wbufsize = -1 buffers headers and body until
handle_one_request() flushes once; send_error() closes the connection anyway."""
import http.server


class RpcHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    wbufsize = -1

    def do_POST(self):
        if self.path != "/rpc":
            self.send_error(404)
            return
        length = int(self.headers.get("Content-Length", 0))
        body = b"<result>" + self.rfile.read(length) + b"</result>"
        self.send_response(200)
        self.send_header("Content-Type", "text/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


if __name__ == "__main__":
    http.server.ThreadingHTTPServer(("127.0.0.1", 0), RpcHandler).serve_forever()
