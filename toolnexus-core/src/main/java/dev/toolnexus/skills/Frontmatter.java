package dev.toolnexus.skills;

import dev.toolnexus.internal.Errors;
import java.io.StringReader;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Splits a {@code SKILL.md} into frontmatter and body and reads {@code name} and {@code
 * description}: strict YAML first; only when YAML refused the frontmatter (it threw, was not a
 * mapping, or gave {@code name}/{@code description} a mapping or sequence) a guarded line-wise read
 * runs. Scalars keep the text as written (after quoting and block folding), trimmed.
 *
 * <p>Like the reference port's YAML library, a duplicate key counts as a refusal, so the fallback's
 * first-wins rule decides it. The YAML is composed into nodes and never constructed into objects,
 * so aliases are not expanded and no tag instantiates anything; SnakeYAML's {@link LoaderOptions}
 * limits bound alias counts, nesting and size.
 */
final class Frontmatter {
  private static final Pattern FENCED =
      Pattern.compile("\\A---\\r?\\n(.*?)\\r?\\n---\\r?\\n?(.*)\\z", Pattern.DOTALL);
  private static final String REFUSED_OPENERS = "|>&*[{!";

  /** How reading the frontmatter ended. */
  enum Outcome {
    OK,
    MISSING_NAME,
    MALFORMED
  }

  /**
   * The parsed header and body.
   *
   * @param outcome whether a name was found
   * @param name the trimmed name, or {@code null}
   * @param description the trimmed description, or {@code null}
   * @param body everything after the closing fence (the whole text when there is none)
   * @param detail the YAML parser's complaint when the strict read was refused, else {@code null}
   */
  record Parsed(Outcome outcome, String name, String description, String body, String detail) {}

  private Frontmatter() {}

  static Parsed parse(String text, int codePointLimit) {
    Matcher m = FENCED.matcher(text);
    if (!m.matches()) {
      return new Parsed(Outcome.MISSING_NAME, null, null, text, "no --- fenced frontmatter");
    }
    String header = m.group(1);
    String body = m.group(2);
    Strict strict = strict(header, codePointLimit);
    if (strict.refusal == null) {
      if (strict.name == null || strict.name.isEmpty()) {
        return new Parsed(
            Outcome.MISSING_NAME, null, strict.description, body, "frontmatter has no name");
      }
      return new Parsed(Outcome.OK, strict.name, strict.description, body, null);
    }
    String[] rescued = lineWise(header);
    if (rescued[0] == null) {
      return new Parsed(Outcome.MALFORMED, null, null, body, strict.refusal);
    }
    return new Parsed(Outcome.OK, rescued[0], rescued[1], body, strict.refusal);
  }

  /** A strict read: the two fields, or why YAML refused the header. */
  private record Strict(String name, String description, String refusal) {}

  private static Strict strict(String header, int codePointLimit) {
    LoaderOptions limits = new LoaderOptions();
    limits.setMaxAliasesForCollections(50);
    limits.setNestingDepthLimit(50);
    limits.setCodePointLimit(Math.max(codePointLimit, 1));
    limits.setAllowRecursiveKeys(false);
    limits.setAllowDuplicateKeys(false);
    Node root;
    try {
      root = new Yaml(limits).compose(new StringReader(header));
    } catch (RuntimeException e) {
      return new Strict(null, null, oneLine(Errors.message(e)));
    }
    if (root == null) {
      return new Strict(null, null, null);
    }
    if (!(root instanceof MappingNode map)) {
      return new Strict(null, null, "frontmatter is " + kind(root) + ", not a mapping");
    }
    String name = null;
    String description = null;
    Set<String> keys = new HashSet<>();
    for (NodeTuple t : map.getValue()) {
      if (!(t.getKeyNode() instanceof ScalarNode keyNode)) {
        continue;
      }
      String key = keyNode.getValue();
      if (!keys.add(key)) {
        return new Strict(null, null, "duplicate key \"" + key + "\" at line " + line(keyNode));
      }
      if (!key.equals("name") && !key.equals("description")) {
        continue;
      }
      Node value = t.getValueNode();
      if (!(value instanceof ScalarNode scalar)) {
        return new Strict(null, null, key + " is " + kind(value) + ", not a scalar");
      }
      String text = isNull(scalar) ? null : Whitespace.trim(scalar.getValue());
      if (key.equals("name")) {
        name = text;
      } else {
        description = text;
      }
    }
    return new Strict(name, description, null);
  }

  private static boolean isNull(ScalarNode scalar) {
    return Tag.NULL.equals(scalar.getTag());
  }

  /**
   * The guarded fallback: column-0 {@code key: rest-of-line} for name and description only, first
   * occurrence wins, and a value opening a block scalar, anchor, alias, flow collection or tag is
   * refused rather than read literally.
   */
  private static String[] lineWise(String header) {
    String[] found = new String[2];
    boolean[] seen = new boolean[2];
    for (String line : header.split("\\r?\\n", -1)) {
      int colon = line.indexOf(':');
      if (colon <= 0 || Whitespace.isSpace(line.charAt(0))) {
        continue;
      }
      String key = line.substring(0, colon).stripTrailing();
      int slot = key.equals("name") ? 0 : key.equals("description") ? 1 : -1;
      if (slot < 0 || seen[slot]) {
        continue;
      }
      seen[slot] = true;
      String value = Whitespace.trim(line.substring(colon + 1));
      if (value.isEmpty() || REFUSED_OPENERS.indexOf(value.charAt(0)) >= 0) {
        continue;
      }
      found[slot] = unquote(value);
    }
    return found;
  }

  private static String unquote(String v) {
    if (v.length() >= 2) {
      char q = v.charAt(0);
      if ((q == '"' || q == '\'') && v.charAt(v.length() - 1) == q) {
        return Whitespace.trim(v.substring(1, v.length() - 1));
      }
    }
    return v;
  }

  private static String kind(Node node) {
    if (node instanceof MappingNode) {
      return "a mapping";
    }
    if (node instanceof SequenceNode) {
      return "a sequence";
    }
    if (node instanceof ScalarNode s) {
      return "a scalar (" + abbreviate(s.getValue()) + ")";
    }
    return "a " + node.getNodeId();
  }

  /** The 1-based line in the SKILL.md (the frontmatter starts after the opening fence). */
  private static int line(Node node) {
    return node.getStartMark() == null ? 0 : node.getStartMark().getLine() + 2;
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }

  private static String oneLine(String message) {
    return message.replaceAll("\\s*\\n\\s*", " ").trim();
  }
}
