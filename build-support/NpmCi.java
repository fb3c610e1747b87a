import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Installs the pinned npm packages a module's tests start (run by the Maven build of toolnexus-mcp,
 * toolnexus-server and toolnexus-a2a with the JDK's single-file launcher; arguments: the folder of
 * package-lock.json, then the module's name). Skips when node_modules already matches
 * package-lock.json, tries an install that fails up to three times (a registry may drop a
 * response), and fails with a clear message when node or npm is missing.
 */
public final class NpmCi {
  private static final int ATTEMPTS = 3;

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
    String module = args.length > 1 ? args[1] : "toolnexus";
    Path lock = dir.resolve("package-lock.json");
    Path installed = dir.resolve("node_modules/.package-lock.json");
    boolean windows = System.getProperty("os.name").toLowerCase().startsWith("windows");
    String npm = windows ? "npm.cmd" : "npm";
    requireTool(windows ? "node.exe" : "node", "--version", module);
    requireTool(npm, "--version", module);
    if (Files.exists(installed) && Files.getLastModifiedTime(installed).compareTo(Files.getLastModifiedTime(lock)) >= 0) {
      System.out.println("[npm-ci] " + dir + ": node_modules is up to date");
      return;
    }
    // A registry that drops a response midway (EIDLETIMEOUT, ECONNRESET) fails the whole install
    // although nothing is wrong with it; npm ci starts from an empty node_modules, so a retry is safe.
    int code = 0;
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      System.out.println("[npm-ci] " + dir + ": npm ci" + (attempt > 1 ? " (attempt " + attempt + " of " + ATTEMPTS + ")" : ""));
      Process p = new ProcessBuilder(npm, "ci", "--no-audit", "--no-fund").directory(dir.toFile()).inheritIO().start();
      code = p.waitFor();
      if (code == 0) {
        return;
      }
      System.err.println("[npm-ci] npm ci failed with exit code " + code + " in " + dir);
      if (attempt < ATTEMPTS) {
        Thread.sleep(5_000L * attempt);
      }
    }
    System.exit(code);
  }

  private static void requireTool(String tool, String arg, String module)
      throws InterruptedException {
    try {
      Process p = new ProcessBuilder(List.of(tool, arg)).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      if (p.waitFor() == 0) {
        return;
      }
    } catch (IOException e) {
      // reported below
    }
    System.err.println(
        "[npm-ci] '" + tool + "' was not found on PATH. The " + module + " tests start real peers"
            + " from npm: install Node.js 20+ (with npm), or skip this module's tests with"
            + " -DskipTests -Dtoolnexus.npm.skip=true.");
    System.exit(2);
  }
}
