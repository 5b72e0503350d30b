"""HTTP clients from libraries that set TCP_NODELAY on connect: http.client
(since 3.5), urllib.request on top of it, and the urllib3 / requests shapes (default
socket options, no proxy). Headers and body split happen inside the library."""
import http.client
import json
import urllib.request


def post_http_client(port, payload):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        for _ in range(3):
            conn.request("POST", "/api", body=json.dumps(payload),
                         headers={"Content-Type": "application/json"})
            conn.getresponse().read()
    finally:
        conn.close()


def get_urllib(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as resp:
        return resp.read()


def post_urllib3(port, payload):
    import urllib3

    pool = urllib3.PoolManager()
    resp = pool.request("POST", f"http://127.0.0.1:{port}/api", body=json.dumps(payload))
    return resp.data


def post_requests(port, payload):
    import requests

    with requests.Session() as session:
        session.trust_env = False
        return session.post(f"http://127.0.0.1:{port}/api", json=payload, timeout=5).json()
