package dev.toolnexus.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Checking only schemas of the subset never loads a networknt class: the probe runs in a fresh
 * class loader (over this test's class path, the platform loader as parent) that records every
 * class asked of it.
 */
class NetworkntLoadingTest {

  /** Loads everything itself and remembers which networknt classes were asked for. */
  private static final class RecordingLoader extends URLClassLoader {
    final Set<String> networknt = ConcurrentHashMap.newKeySet();

    RecordingLoader() {
      super(classPath(), ClassLoader.getPlatformClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (name.startsWith("com.networknt.")) {
        networknt.add(name);
      }
      return super.loadClass(name, resolve);
    }

    private static URL[] classPath() {
      List<URL> urls = new ArrayList<>();
      for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
        try {
          urls.add(new File(entry).toURI().toURL());
        } catch (MalformedURLException e) {
          throw new IllegalStateException(e);
        }
      }
      return urls.toArray(new URL[0]);
    }
  }

  private static Object probe(RecordingLoader loader, boolean fallback) throws Exception {
    Class<?> probe = Class.forName(NetworkntLoadingProbe.class.getName(), true, loader);
    assertThat(probe.getClassLoader()).isSameAs(loader);
    return probe.getMethod("run", boolean.class).invoke(null, fallback);
  }

  @Test
  void checkingSchemasOfTheSubsetLoadsNoNetworkntClass() throws Exception {
    try (RecordingLoader loader = new RecordingLoader()) {
      Object problems = probe(loader, false);

      assertThat(problems)
          .isEqualTo(
              List.of(
                  "city: is required but missing",
                  "days: expected integer, got number",
                  "tags[0]: expected string, got integer",
                  "unit: must be one of [\"c\", \"f\"], got \"k\"",
                  "x: is not a known property (not allowed by the schema)"));
      assertThat(loader.networknt).isEmpty();
    }
  }

  @Test
  void aSchemaOutsideTheSubsetDoesLoadNetworknt() throws Exception {
    try (RecordingLoader loader = new RecordingLoader()) {
      probe(loader, true);

      assertThat(loader.networknt).contains("com.networknt.schema.SchemaRegistry");
    }
  }
}
