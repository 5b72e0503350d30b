"""http.server handler with protocol_version "HTTP/1.1" (keep-alive): end_headers()
sends status and headers in one write and the body follows in a second wfile.write();
the body waits for the client's delayed ACK before the next request on the connection."""
import http.client
import http.server
import threading


class StatusHandler(http.server.BaseHTTPRequestHandler):  # expect: NAG202
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        if self.path != "/status":
            self.send_error(404, "no such page")
            return
        body = b'{"status": "ok", "uptime": 1234}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)  # expect: NAG102

    def log_message(self, format, *args):
        pass


if __name__ == "__main__":
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StatusHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1])
    for _ in range(20):
        conn.request("GET", "/status")
        conn.getresponse().read()
    conn.close()
    server.shutdown()
