package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * picocli is compiled from its sources into this module for Java 17 (the binary jar's Java 5 class
 * files are never put in a CDS archive or AOT cache): the command sees exactly that one copy.
 */
class PicocliBuildTest {
  private static final int CAFEBABE = 0xCAFEBABE;

  @Test
  void theClasspathHoldsOnePicocli() throws IOException {
    List<URL> copies =
        Collections.list(Cli.class.getClassLoader().getResources("picocli/CommandLine.class"));

    assertThat(copies).hasSize(1);
  }

  @Test
  void picocliIsLoadedFromThisModulesClasses() {
    assertThat(CommandLine.class.getProtectionDomain().getCodeSource().getLocation())
        .isEqualTo(Cli.class.getProtectionDomain().getCodeSource().getLocation());
  }

  @Test
  void picocliIsMadeOfJava17ClassFilesLikeOurs() throws IOException {
    assertThat(majorVersion(CommandLine.class)).isEqualTo(majorVersion(Cli.class)).isEqualTo(61);
    assertThat(majorVersion(CommandLine.Help.class)).isEqualTo(61);
  }

  @Test
  void picocliLicenceAndNoticeTravelWithIt() throws IOException {
    String notice = resource("META-INF/picocli/NOTICE");
    String licence = resource("META-INF/picocli/LICENSE");

    assertThat(notice)
        .contains("picocli " + CommandLine.VERSION + " (https://picocli.info)")
        .contains("info.picocli:picocli:" + CommandLine.VERSION + ":sources");
    assertThat(licence).contains("Apache License").contains("Version 2.0, January 2004");
  }

  private static int majorVersion(Class<?> type) throws IOException {
    String file = type.getName().substring(type.getPackageName().length() + 1) + ".class";
    try (InputStream in = type.getResourceAsStream(file);
        DataInputStream data = new DataInputStream(in)) {
      assertThat(data.readInt()).isEqualTo(CAFEBABE);
      data.readUnsignedShort(); // minor version
      return data.readUnsignedShort();
    }
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = Cli.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
