package dev.toolnexus.skills;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What the skill source reads and how it exposes it: skill directories, skills as data and lazy
 * providers (S1), a name allowlist (S2) and {@code disableSkills}, the sibling-file sample cap
 * (S5), the per-file size cap and an optional warning sink. Immutable; build with {@link
 * #builder()}.
 */
public final class SkillsOptions {
  /** The default cap on one {@code SKILL.md}: 1 MiB, far above any real skill. */
  public static final int DEFAULT_MAX_SKILL_FILE_BYTES = 1 << 20;

  /** The sibling-file sample size used when {@link #sampleLimit()} is 0. */
  public static final int DEFAULT_SAMPLE_LIMIT = 10;

  /** The {@link #sampleLimit()} value that leaves the {@code <skill_files>} block out. */
  public static final int NO_FILE_LIST = -1;

  private final List<Path> roots;
  private final List<SkillDef> skills;
  private final List<SkillProvider> providers;
  private final Map<String, Boolean> filter;
  private final Set<String> disabled;
  private final int sampleLimit;
  private final int maxSkillFileBytes;
  private final Consumer<String> warnings;

  private SkillsOptions(Builder b) {
    this.roots = List.copyOf(b.roots);
    this.skills = List.copyOf(b.skills);
    this.providers = List.copyOf(b.providers);
    this.filter = Collections.unmodifiableMap(new LinkedHashMap<>(b.filter));
    this.disabled = Collections.unmodifiableSet(new LinkedHashSet<>(b.disabled));
    this.sampleLimit = b.sampleLimit;
    this.maxSkillFileBytes = b.maxSkillFileBytes;
    this.warnings = b.warnings;
  }

  /** A builder with no sources. */
  public static Builder builder() {
    return new Builder();
  }

  /** Options that read these skill directories, searched in the order given. */
  public static SkillsOptions ofDirs(Path... dirs) {
    return builder().roots(Arrays.asList(dirs)).build();
  }

  /** The skill roots, in the order given. */
  public List<Path> roots() {
    return roots;
  }

  /** Skills supplied as data, after every directory skill in first-wins order. */
  public List<SkillDef> skills() {
    return skills;
  }

  /** Lazy skill providers, consulted once at load, after the data skills. */
  public List<SkillProvider> providers() {
    return providers;
  }

  /**
   * The name allowlist: empty means all; any {@code true} entry means only the names mapped to
   * {@code true}; only {@code false} entries drop those names. Unknown names are warned about.
   */
  public Map<String, Boolean> filter() {
    return filter;
  }

  /** Skill names dropped after the {@link #filter()}. */
  public Set<String> disabled() {
    return disabled;
  }

  /** The sibling-file sample cap: 0 means 10, a positive n caps at n, -1 omits the file list. */
  public int sampleLimit() {
    return sampleLimit;
  }

  /** The largest {@code SKILL.md} read, in bytes; a larger file is skipped as unreadable. */
  public int maxSkillFileBytes() {
    return maxSkillFileBytes;
  }

  /** Where warnings go besides the SLF4J log; {@code null} when the host gave no sink. */
  public Consumer<String> warnings() {
    return warnings;
  }

  /** Whether any source is configured; without one the toolkit exposes no {@code skill} tool. */
  public boolean hasSources() {
    return !roots.isEmpty() || !skills.isEmpty() || !providers.isEmpty();
  }

  /** A builder seeded with these options. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.include(this);
    return b;
  }

  /** Builds {@link SkillsOptions}. */
  public static final class Builder {
    private final List<Path> roots = new ArrayList<>();
    private final List<SkillDef> skills = new ArrayList<>();
    private final List<SkillProvider> providers = new ArrayList<>();
    private final Map<String, Boolean> filter = new LinkedHashMap<>();
    private final Set<String> disabled = new LinkedHashSet<>();
    private int sampleLimit;
    private int maxSkillFileBytes = DEFAULT_MAX_SKILL_FILE_BYTES;
    private Consumer<String> warnings;

    private Builder() {}

    /** Adds skill roots, searched in the order added. */
    public Builder roots(List<Path> more) {
      more.forEach(r -> roots.add(Objects.requireNonNull(r, "skill root")));
      return this;
    }

    /** Adds skill roots, searched in the order added. */
    public Builder root(Path... more) {
      return roots(Arrays.asList(more));
    }

    /** Adds skills supplied as data (S1), considered after every directory skill. */
    public Builder skills(List<SkillDef> defs) {
      defs.forEach(d -> skills.add(Objects.requireNonNull(d, "skill definition")));
      return this;
    }

    /** Adds skills supplied as data (S1). */
    public Builder skill(SkillDef... defs) {
      return skills(Arrays.asList(defs));
    }

    /** Adds a lazy provider (S1), called once at load; a failing provider is isolated. */
    public Builder provider(SkillProvider provider) {
      providers.add(Objects.requireNonNull(provider, "skill provider"));
      return this;
    }

    /** Sets allowlist entries (S2); later entries for the same name win. */
    public Builder filter(Map<String, Boolean> entries) {
      entries.forEach(
          (name, on) ->
              filter.put(
                  Objects.requireNonNull(name, "filter name"),
                  Objects.requireNonNull(on, "filter value for " + name)));
      return this;
    }

    /** Drops skills by name, after the allowlist. */
    public Builder disable(String... names) {
      for (String n : names) {
        disabled.add(Objects.requireNonNull(n, "disabled skill name"));
      }
      return this;
    }

    /** Drops skills by name, after the allowlist. */
    public Builder disable(List<String> names) {
      return disable(names.toArray(String[]::new));
    }

    /**
     * Sets the sibling-file sample cap (S5).
     *
     * @throws IllegalArgumentException for a value below -1
     */
    public Builder sampleLimit(int limit) {
      if (limit < NO_FILE_LIST) {
        throw new IllegalArgumentException(
            "sampleLimit must be -1 (no file list), 0 (default 10) or positive; got " + limit);
      }
      this.sampleLimit = limit;
      return this;
    }

    /**
     * Sets the largest {@code SKILL.md} that is read.
     *
     * @throws IllegalArgumentException for a value below 1
     */
    public Builder maxSkillFileBytes(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxSkillFileBytes must be positive; got " + bytes);
      }
      this.maxSkillFileBytes = bytes;
      return this;
    }

    /** Also sends every skip and discovery warning to this sink (it is logged either way). */
    public Builder onWarning(Consumer<String> sink) {
      this.warnings = sink;
      return this;
    }

    /**
     * Appends another options' sources after these; its filter entries, disabled names, non-zero
     * sample limit and warning sink are added on top.
     */
    public Builder include(SkillsOptions other) {
      roots.addAll(other.roots);
      skills.addAll(other.skills);
      providers.addAll(other.providers);
      filter.putAll(other.filter);
      disabled.addAll(other.disabled);
      if (other.sampleLimit != 0) {
        sampleLimit = other.sampleLimit;
      }
      if (other.maxSkillFileBytes != DEFAULT_MAX_SKILL_FILE_BYTES) {
        maxSkillFileBytes = other.maxSkillFileBytes;
      }
      if (other.warnings != null) {
        warnings = other.warnings;
      }
      return this;
    }

    /** Builds the options. */
    public SkillsOptions build() {
      return new SkillsOptions(this);
    }
  }
}
