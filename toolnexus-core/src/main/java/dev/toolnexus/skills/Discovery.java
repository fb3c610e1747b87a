package dev.toolnexus.skills;

import dev.toolnexus.internal.Errors;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collects skill candidates from every source in first-wins order (each root in turn, by depth then
 * code point; then data skills; then providers), dedupes them by name and applies the allowlist.
 */
final class Discovery {
  static final String SKILL_FILE = "SKILL.md";

  /**
   * Skills in discovery order, every skipped candidate in the same order, and each configured
   * source that could not be read at all (a missing or unreadable folder, a failing provider) with
   * its reason, out of {@code sources} configured ones.
   */
  record Result(
      List<SkillInfo> skills, List<SkillSkip> skipped, List<String> failedSources, int sources) {}

  private Discovery() {}

  /** Discovers, parses and dedupes; the allowlist is not applied here. */
  static Result discover(SkillsOptions options, Warnings warn) {
    List<Object> candidates = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    for (Path root : options.roots()) {
      String problem = fromDirectory(root, options.maxSkillFileBytes(), candidates, warn);
      if (problem != null) {
        failed.add(problem);
      }
    }
    int index = 0;
    for (SkillDef def : options.skills()) {
      candidates.add(fromDef(def, "data skill #" + (++index)));
    }
    int providerIndex = 0;
    for (SkillProvider provider : options.providers()) {
      providerIndex++;
      String problem = fromProvider(provider, providerIndex, candidates);
      if (problem != null) {
        failed.add(problem);
      }
    }
    Map<String, SkillInfo> byName = new LinkedHashMap<>();
    List<SkillSkip> skipped = new ArrayList<>();
    for (Object c : candidates) {
      if (c instanceof SkillSkip skip) {
        skipped.add(skip);
        warn.accept("skipped skill " + skip.describe());
        continue;
      }
      SkillInfo info = (SkillInfo) c;
      SkillInfo first = byName.putIfAbsent(info.name(), info);
      if (first != null) {
        SkillSkip skip =
            new SkillSkip(
                info.location(),
                SkipReason.DUPLICATE_NAME,
                "name \"" + info.name() + "\" already loaded from " + first.location());
        skipped.add(skip);
        warn.accept("skipped skill " + skip.describe());
      }
    }
    int sources =
        options.roots().size() + options.providers().size() + (options.skills().isEmpty() ? 0 : 1);
    return new Result(
        List.copyOf(byName.values()), List.copyOf(skipped), List.copyOf(failed), sources);
  }

  /**
   * Applies the S2 allowlist and then {@code disableSkills}: an empty filter keeps all; any {@code
   * true} entry keeps only true-mapped names; only {@code false} entries drop those names. Names
   * that match no skill are ignored with one warning each.
   */
  static List<SkillInfo> select(
      List<SkillInfo> skills, Map<String, Boolean> filter, Set<String> disabled, Warnings warn) {
    Set<String> known = new HashSet<>();
    skills.forEach(s -> known.add(s.name()));
    filter.keySet().stream()
        .filter(n -> !known.contains(n))
        .forEach(n -> warn.accept("skill filter name \"" + n + "\" matched no skill"));
    disabled.stream()
        .filter(n -> !known.contains(n))
        .forEach(n -> warn.accept("disabled skill name \"" + n + "\" matched no skill"));
    boolean allowlist = filter.containsValue(Boolean.TRUE);
    List<SkillInfo> out = new ArrayList<>();
    for (SkillInfo s : skills) {
      Boolean entry = filter.get(s.name());
      boolean keep = allowlist ? Boolean.TRUE.equals(entry) : !Boolean.FALSE.equals(entry);
      if (keep && !disabled.contains(s.name())) {
        out.add(s);
      }
    }
    return List.copyOf(out);
  }

  /** Adds the folder's candidates; returns why the folder itself cannot be read, else null. */
  private static String fromDirectory(Path root, int maxBytes, List<Object> out, Warnings warn) {
    Path base = root.toAbsolutePath().normalize();
    String problem = unreadableFolder(root, base);
    if (problem != null) {
      warn.accept(problem);
      return problem;
    }
    List<TreeWalk.Entry> found = new ArrayList<>();
    for (TreeWalk.Entry e : TreeWalk.walk(base, SKILL_FILE, warn)) {
      if (e.name().equals(SKILL_FILE)) {
        found.add(e);
      }
    }
    found.sort((a, b) -> CodePointOrder.DISCOVERY.compare(a.relative(), b.relative()));
    for (TreeWalk.Entry e : found) {
      out.add(fromFile(e, maxBytes, warn));
    }
    return null;
  }

  private static String unreadableFolder(Path root, Path base) {
    if (!Files.exists(base)) {
      return "skills folder not found: " + root;
    }
    if (!Files.isDirectory(base)) {
      return "skills folder is not a directory: " + root;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(base)) {
      entries.iterator().hasNext();
      return null;
    } catch (IOException | RuntimeException e) {
      return "skills folder cannot be read: " + root + " (" + Errors.message(e) + ")";
    }
  }

  private static Object fromFile(TreeWalk.Entry e, int maxBytes, Warnings warn) {
    String location = e.path().toString();
    if (e.problem() != null) {
      return new SkillSkip(location, SkipReason.UNREADABLE, e.problem());
    }
    if (!e.regularFile()) {
      String what = Files.isDirectory(e.path()) ? "a directory" : "not a regular file";
      return new SkillSkip(location, SkipReason.UNREADABLE, what);
    }
    SkillFileReader.Result read = SkillFileReader.read(e.path(), maxBytes);
    if (!read.ok()) {
      return new SkillSkip(location, SkipReason.UNREADABLE, read.problem());
    }
    Frontmatter.Parsed p = Frontmatter.parse(read.text(), maxBytes);
    return switch (p.outcome()) {
      case MISSING_NAME -> new SkillSkip(location, SkipReason.MISSING_NAME, p.detail());
      case MALFORMED -> new SkillSkip(location, SkipReason.MALFORMED_FRONTMATTER, p.detail());
      case OK -> {
        if (p.detail() != null) {
          warn.accept(
              "frontmatter of "
                  + location
                  + " is not valid YAML ("
                  + p.detail()
                  + "); name and description were read line by line");
        }
        yield new SkillInfo(
            p.name(), p.description(), location, p.body(), SkillInfo.Origin.DIRECTORY, null);
      }
    };
  }

  private static Object fromDef(SkillDef def, String label) {
    if (def.name() == null || def.name().isBlank()) {
      String location = def.base() == null || def.base().isEmpty() ? "skill://" : def.base();
      return new SkillSkip(location, SkipReason.MISSING_NAME, label + " has no name");
    }
    return new SkillInfo(
        def.name(),
        def.description(),
        def.effectiveBase(),
        def.content(),
        SkillInfo.Origin.DATA,
        def.resources());
  }

  /** Adds the provider's candidates; returns why the provider gave none, else null. */
  private static String fromProvider(SkillProvider provider, int index, List<Object> out) {
    String label = "skill provider #" + index;
    List<SkillDef> defs;
    try {
      defs = provider.skills();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      out.add(new SkillSkip(label, SkipReason.UNREADABLE, "interrupted"));
      return label + " was interrupted";
    } catch (Exception e) {
      out.add(new SkillSkip(label, SkipReason.UNREADABLE, "failed: " + Errors.message(e)));
      return label + " failed: " + Errors.message(e);
    }
    if (defs == null) {
      out.add(new SkillSkip(label, SkipReason.UNREADABLE, "returned no list"));
      return label + " returned no list";
    }
    int i = 0;
    for (SkillDef def : defs) {
      i++;
      if (def == null) {
        out.add(new SkillSkip(label, SkipReason.MISSING_NAME, "entry #" + i + " is null"));
      } else {
        out.add(fromDef(def, label + " entry #" + i));
      }
    }
    return null;
  }
}
