package dev.toolnexus.bench;

import dev.toolnexus.Json;
import dev.toolnexus.internal.sse.SseParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * SSE parsing throughput with the client's parser, over a realistic OpenAI stream of 1000 text
 * chunks (about 200 KB, with keep-alive comments and CRLF line ends). One operation is one whole
 * stream; divide the stream size ({@link #bytes()}) by the time per operation for bytes per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SseBenchmark {
  private byte[] stream;

  /** Builds the stream once. */
  @Setup
  public void setUp() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      if (i % 100 == 0) {
        sb.append(": keep-alive\r\n\r\n");
      }
      sb.append("data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",")
          .append("\"created\":1700000000,\"model\":\"mock\",\"choices\":[{\"index\":0,")
          .append("\"delta\":{\"content\":\"token ")
          .append(i)
          .append(" of the answer \"},\"finish_reason\":null}]}\r\n\r\n");
    }
    sb.append("data: [DONE]\r\n\r\n");
    stream = sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The stream's size in bytes. */
  public int bytes() {
    return stream.length;
  }

  /** Framing only: lines, fields and events. Returns the number of events. */
  @Benchmark
  public int parse() throws IOException {
    SseParser p = new SseParser(new ByteArrayInputStream(stream));
    int n = 0;
    while (p.next() != null) {
      n++;
    }
    return n;
  }

  /** Framing plus the JSON of every chunk, as the stream decoder does. */
  @Benchmark
  public int parseAndDecodeJson() throws IOException {
    SseParser p = new SseParser(new ByteArrayInputStream(stream));
    int n = 0;
    for (SseParser.Event e = p.next(); e != null; e = p.next()) {
      if (!e.data().equals("[DONE]")) {
        n += Json.parseObject(e.data()).size();
      }
    }
    return n;
  }
}
