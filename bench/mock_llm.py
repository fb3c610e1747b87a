#!/usr/bin/env python3
"""Mock OpenAI-compatible chat completions endpoint for the toolnexus benchmark, Python stdlib
only; the same answers as bench/mock-llm.mjs (plain JSON, no streaming).

Turn 1 (no tool results yet): two parallel tool calls, get_weather {city:"Paris"} and add
{a:2,b:2}, named after the matching entries of the request's `tools` (an MCP tool may be exposed
as "<server>_get_weather"). Turn 2 (tool results present): the final text, built from the tool
results so a caller can check that the tools really ran. HTTP/1.1 keep-alive.

Usage: python3 bench/mock_llm.py [--port N]   (0 or absent: an ephemeral port)
Prints "MOCK_URL=http://127.0.0.1:PORT/v1" on its first stdout line once listening.
"""
import http.server
import json
import sys

seq = 0


def pick_name(tools, base):
    names = []
    for t in tools if isinstance(tools, list) else []:
        fn = t.get("function") if isinstance(t, dict) else None
        name = (fn or {}).get("name") or (t.get("name") if isinstance(t, dict) else None)
        if isinstance(name, str):
            names.append(name)
    for n in names:
        if n == base:
            return n
    for n in names:
        if n.endswith("_" + base):
            return n
    return base


def text_of(m):
    c = m.get("content")
    if isinstance(c, str):
        return c
    if isinstance(c, list):
        return "".join(p.get("text", "") for p in c if isinstance(p, dict))
    return ""


def answer(body):
    global seq
    seq += 1
    messages = body.get("messages") if isinstance(body.get("messages"), list) else []
    results = [m for m in messages if m.get("role") == "tool"]
    usage = {"prompt_tokens": 20 * len(messages), "completion_tokens": 12,
             "total_tokens": 20 * len(messages) + 12}
    message = {"role": "assistant", "content": None}
    if not results:
        message["tool_calls"] = [
            {"id": "call_w%d" % seq, "type": "function",
             "function": {"name": pick_name(body.get("tools"), "get_weather"),
                          "arguments": '{"city":"Paris"}'}},
            {"id": "call_a%d" % seq, "type": "function",
             "function": {"name": pick_name(body.get("tools"), "add"),
                          "arguments": '{"a":2,"b":2}'}},
        ]
        finish = "tool_calls"
    else:
        message["content"] = "Weather: " + " | ".join(text_of(m) for m in results) + ". Done."
        finish = "stop"
    return {"id": "chatcmpl-mock-%d" % seq, "object": "chat.completion", "created": 1700000000,
            "model": body.get("model") or "mock",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": usage}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def reply(self, status, ctype, data):
        # status line, headers and body in one write: a second small write would wait on the
        # client's delayed ACK
        head = "HTTP/1.1 %d %s\r\ncontent-type: %s\r\ncontent-length: %d\r\n\r\n" % (
            status, "OK" if status == 200 else "Error", ctype, len(data))
        self.wfile.write(head.encode("ascii") + data)

    def do_GET(self):
        if self.path == "/health":
            self.reply(200, "text/plain", b"ok")
        else:
            self.reply(404, "application/json", b'{"error":{"message":"not found"}}')

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        if not self.path.endswith("/chat/completions"):
            self.reply(404, "application/json", b'{"error":{"message":"not found"}}')
            return
        try:
            body = json.loads(raw.decode("utf-8"))
        except ValueError as e:
            msg = json.dumps({"error": {"message": "invalid JSON body: %s" % e}})
            self.reply(400, "application/json", msg.encode("utf-8"))
            return
        data = json.dumps(answer(body), separators=(",", ":")).encode("utf-8")
        self.reply(200, "application/json", data)


def main():
    port = 0
    if "--port" in sys.argv:
        port = int(sys.argv[sys.argv.index("--port") + 1])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    print("MOCK_URL=http://127.0.0.1:%d/v1" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
