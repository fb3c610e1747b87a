#!/usr/bin/env python3
"""Tiny stdio MCP server for the toolnexus benchmark, Python stdlib only: tools get_weather, add,
echo. Newline-delimited JSON-RPC 2.0 on stdin/stdout, the same answers as bench/mcp-server.mjs.

Usage: python3 bench/mcp_server.py
"""
import json
import sys

TOOLS = [
    {
        "name": "get_weather",
        "description": "Current weather for a city.",
        "inputSchema": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "City name"}},
            "required": ["city"],
        },
    },
    {
        "name": "add",
        "description": "Adds two numbers.",
        "inputSchema": {
            "type": "object",
            "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
            "required": ["a", "b"],
        },
    },
    {
        "name": "echo",
        "description": "Echoes the text back.",
        "inputSchema": {
            "type": "object",
            "properties": {"text": {"type": "string"}},
            "required": ["text"],
        },
    },
]


def number_text(x):
    """Formats a sum as JavaScript's String(Number) would: 4, not 4.0."""
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def call(name, args):
    if name == "get_weather":
        return "Sunny, 21 C in " + str(args.get("city")), False
    if name == "add":
        return number_text(float(args.get("a", 0)) + float(args.get("b", 0))), False
    if name == "echo":
        return str(args.get("text")), False
    return "unknown tool: " + str(name), True


def send(msg):
    sys.stdout.write(json.dumps(msg, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def handle(msg):
    if not isinstance(msg, dict) or msg.get("id") is None:
        return  # a notification
    mid = msg["id"]
    method = msg.get("method")
    params = msg.get("params") or {}
    if method == "initialize":
        result = {
            "protocolVersion": params.get("protocolVersion") or "2025-06-18",
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "bench-tools", "version": "1.0.0"},
        }
    elif method == "ping":
        result = {}
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call":
        text, is_error = call(params.get("name"), params.get("arguments") or {})
        result = {"content": [{"type": "text", "text": text}], "isError": is_error}
    else:
        send({"jsonrpc": "2.0", "id": mid,
              "error": {"code": -32601, "message": "Method not found: " + str(method)}})
        return
    send({"jsonrpc": "2.0", "id": mid, "result": result})


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            send({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})
            continue
        for m in msg if isinstance(msg, list) else [msg]:
            handle(m)


if __name__ == "__main__":
    main()
