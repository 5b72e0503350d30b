"""http.server keep-alive handler that writes the body after end_headers() (NAG102).

Usage: python http_keepalive.py [N]
"""
import http.client
import http.server
import sys
import threading

BODY = b"x" * 100


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()  # HEADERS
        self.wfile.write(BODY)  # BODY

    def log_message(self, *args):
        pass


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1])
    for _ in range(n):
        conn.request("GET", "/")
        conn.getresponse().read()
    conn.close()
    server.shutdown()
    server.server_close()


if __name__ == "__main__":
    main()
