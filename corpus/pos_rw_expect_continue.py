"""A keep-alive HTTP/1.1 upload handler that honours `Expect: 100-continue`: it sends the
interim `100 Continue`, the client then sends the body, which the application reads from the
environ's wsgi.input, and the final response goes out as the header block and then the body.
The interim response is a message of its own (the client's body comes between), so the held
piece is the body after the headers, not the headers after the interim response."""
from http.server import BaseHTTPRequestHandler


class UploadHandler(BaseHTTPRequestHandler):  # expect: NAG202
    protocol_version = "HTTP/1.1"

    def do_PUT(self):
        if self.headers.get("Expect", "").lower() == "100-continue":
            self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        environ = self.make_environ()
        body = self.server.application(environ)
        self.send_response(201)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)  # expect: NAG102

    def make_environ(self):
        return {"REQUEST_METHOD": self.command, "PATH_INFO": self.path, "wsgi.input": self.rfile}
