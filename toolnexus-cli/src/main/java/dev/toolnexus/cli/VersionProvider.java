package dev.toolnexus.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the jar's implementation version, or "dev" when run from classes. */
public final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = ToolnexusCommand.class.getPackage().getImplementationVersion();
    return new String[] {
      "toolnexus " + (v == null ? "dev" : v),
      "JVM " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
