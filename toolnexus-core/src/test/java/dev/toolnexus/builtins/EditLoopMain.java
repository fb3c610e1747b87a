package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import java.nio.file.Path;

/** Child process for the kill-9 test: edits one file back and forth until it is killed. */
final class EditLoopMain {
  private EditLoopMain() {}

  public static void main(String[] argv) {
    Path dir = Path.of(argv[0]);
    Tool edit = B.tool(dir, "edit");
    System.out.println("started");
    System.out.flush();
    for (int i = 0; ; i++) {
      String from = "MARK" + (i % 2);
      String to = "MARK" + ((i + 1) % 2);
      B.run(edit, "path", "big.txt", "oldString", from, "newString", to);
    }
  }
}
