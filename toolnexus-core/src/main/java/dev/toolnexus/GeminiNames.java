package dev.toolnexus;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The function names a set of tools goes by on the Gemini wire, and the way back.
 *
 * <p>Gemini's {@code FunctionDeclaration.name} must start with a letter or an underscore, hold only
 * {@code a-z A-Z 0-9 _ . -} and be at most 63 characters (the v1beta proto says 63, the REST
 * reference 64; the stricter limit is used). A tool whose name breaks a rule gets a deterministic
 * alias: the name with other characters replaced by {@code _}, prefixed with {@code _} when it does
 * not start with a letter or underscore, and shortened with a hash suffix when it is too long or
 * collides. The same tool list always yields the same aliases, so a client can map {@code
 * functionCall.name} back with {@link #toolName(String)}.
 */
public final class GeminiNames {
  /** The longest function name every Gemini API version accepts. */
  public static final int MAX_LENGTH = 63;

  private static final Pattern VALID = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\-]{0,62}");
  private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9_.\\-]");
  private static final int HASH_CHARS = 8;

  private final Map<String, String> toWire;
  private final Map<String, String> toTool;

  private GeminiNames(Map<String, String> toWire, Map<String, String> toTool) {
    this.toWire = toWire;
    this.toTool = toTool;
  }

  /** Names for these tools, in list order. */
  public static GeminiNames of(Collection<? extends Tool> tools) {
    return ofNames(tools.stream().map(Tool::name).toList());
  }

  /** Names for these tool names, in iteration order; duplicates are ignored. */
  public static GeminiNames ofNames(Collection<String> names) {
    Set<String> taken = new HashSet<>();
    for (String n : names) {
      if (isValid(n)) {
        taken.add(n);
      }
    }
    Map<String, String> toWire = new LinkedHashMap<>();
    Map<String, String> toTool = new LinkedHashMap<>();
    for (String n : names) {
      if (isValid(n) || toWire.containsKey(n)) {
        continue;
      }
      String alias = alias(n, taken);
      taken.add(alias);
      toWire.put(n, alias);
      toTool.put(alias, n);
    }
    return new GeminiNames(
        Collections.unmodifiableMap(toWire), Collections.unmodifiableMap(toTool));
  }

  /** True when Gemini accepts {@code name} as a function name as it is. */
  public static boolean isValid(String name) {
    return name != null && VALID.matcher(name).matches();
  }

  /** The name Gemini sees for a tool: its alias, or the tool name itself when it is valid. */
  public String wireName(String toolName) {
    return toWire.getOrDefault(toolName, toolName);
  }

  /** The tool a Gemini function name refers to: the aliased tool, or the name itself. */
  public String toolName(String wireName) {
    return toTool.getOrDefault(wireName, wireName);
  }

  /** Tool name to alias, for the renamed tools only (empty when every name is valid). */
  public Map<String, String> aliases() {
    return toWire;
  }

  private static String alias(String name, Set<String> taken) {
    String base = UNSAFE.matcher(name).replaceAll("_");
    if (base.isEmpty() || !(Character.isLetter(base.charAt(0)) || base.charAt(0) == '_')) {
      base = "_" + base;
    }
    if (base.length() <= MAX_LENGTH && !taken.contains(base)) {
      return base;
    }
    String hash = hash(name);
    String prefix = base.substring(0, Math.min(base.length(), MAX_LENGTH - HASH_CHARS - 1));
    String candidate = prefix + "_" + hash;
    int n = 2;
    while (taken.contains(candidate)) {
      String suffix = "_" + hash + n++;
      candidate = base.substring(0, Math.min(base.length(), MAX_LENGTH - suffix.length())) + suffix;
    }
    return candidate;
  }

  private static String hash(String name) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder(HASH_CHARS);
      for (int i = 0; hex.length() < HASH_CHARS; i++) {
        hex.append(String.format("%02x", digest[i]));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }
}
