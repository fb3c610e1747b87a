package dev.toolnexus.client.internal;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * A response body that closes itself when no byte arrives for the request timeout, so a stalled
 * provider can never hang a run, and that can be aborted from another thread.
 */
final class IdleWatchdog extends FilterInputStream implements IdleSweep.Watched {
  private final long idleNanos;
  private final IdleSweep sweep;
  private volatile long lastActivity = System.nanoTime();
  private volatile boolean timedOut;

  IdleWatchdog(InputStream in, Duration idle) {
    super(in);
    this.idleNanos = idle.toNanos();
    this.sweep = IdleSweep.every(Math.max(10, Math.min(1000, idle.toMillis() / 4)));
    sweep.add(this);
  }

  @Override
  public void checkIdle(long now) {
    if (now - lastActivity > idleNanos) {
      timedOut = true;
      abort();
    }
  }

  /** Closes the underlying stream at once, unblocking a reader. */
  void abort() {
    sweep.remove(this);
    try {
      in.close();
    } catch (IOException ignored) {
      // closing is best effort; the reader sees the failure
    }
  }

  @Override
  public int read() throws IOException {
    int b;
    try {
      b = guard(super.read());
    } catch (IOException e) {
      throw translate(e);
    }
    lastActivity = System.nanoTime();
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n;
    try {
      n = guard(super.read(b, off, len));
    } catch (IOException e) {
      throw translate(e);
    }
    lastActivity = System.nanoTime();
    return n;
  }

  private int guard(int n) throws IOException {
    if (timedOut) {
      throw new HttpTimeoutException(WholeBody.IDLE_MESSAGE);
    }
    return n;
  }

  private IOException translate(IOException e) {
    if (!timedOut) {
      return e;
    }
    HttpTimeoutException timeout = new HttpTimeoutException(WholeBody.IDLE_MESSAGE);
    timeout.initCause(e);
    return timeout;
  }

  @Override
  public void close() throws IOException {
    sweep.remove(this);
    super.close();
  }
}
