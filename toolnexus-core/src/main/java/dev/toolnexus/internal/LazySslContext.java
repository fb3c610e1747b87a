package dev.toolnexus.internal;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.function.Supplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * An {@link SSLContext} that asks for the real one only when a TLS connection is first made. The
 * JDK's HTTP client loads the default context (the trust store and several hundred classes) when it
 * is built, which a client that only ever talks plain {@code http://} to a local endpoint never
 * needs.
 */
public final class LazySslContext extends SSLContext {

  /** A context that loads the JVM's default context on first TLS use. */
  public static SSLContext ofDefault() {
    return new LazySslContext(LazySslContext::jvmDefault);
  }

  /** A context that asks {@code real} for the context on first TLS use. */
  LazySslContext(Supplier<SSLContext> real) {
    super(new Spi(real), null, "Default");
  }

  private static SSLContext jvmDefault() {
    try {
      return SSLContext.getDefault();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no default TLS context", e);
    }
  }

  /** Every operation delegates to the real context, obtained once and kept. */
  private static final class Spi extends SSLContextSpi {
    private final Supplier<SSLContext> supplier;
    private volatile SSLContext real;

    Spi(Supplier<SSLContext> supplier) {
      this.supplier = supplier;
    }

    /** The real context; two threads racing here both get the JVM's one default context. */
    private SSLContext real() {
      SSLContext r = real;
      if (r == null) {
        r = supplier.get();
        real = r;
      }
      return r;
    }

    @Override
    protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom sr) {
      throw new UnsupportedOperationException("the lazy default TLS context is initialised");
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
      return real().getSocketFactory();
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
      return real().getServerSocketFactory();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
      return real().createSSLEngine();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
      return real().createSSLEngine(host, port);
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
      return real().getServerSessionContext();
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
      return real().getClientSessionContext();
    }

    @Override
    protected SSLParameters engineGetDefaultSSLParameters() {
      return real().getDefaultSSLParameters();
    }

    @Override
    protected SSLParameters engineGetSupportedSSLParameters() {
      return real().getSupportedSSLParameters();
    }
  }
}
