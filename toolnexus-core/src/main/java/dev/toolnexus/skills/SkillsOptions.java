package dev.toolnexus.skills;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Options of the skill source (SPEC §3). PLACEHOLDER: completed by the skills issue. */
public final class SkillsOptions {
  private final List<Path> roots;

  private SkillsOptions(Builder b) {
    this.roots = List.copyOf(b.roots);
  }

  /** A builder with no roots. */
  public static Builder builder() {
    return new Builder();
  }

  /** The skill roots, in the order given. */
  public List<Path> roots() {
    return roots;
  }

  /** A builder seeded with these options. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.roots.addAll(roots);
    return b;
  }

  /** Builds {@link SkillsOptions}. */
  public static final class Builder {
    private final List<Path> roots = new ArrayList<>();

    private Builder() {}

    /** Adds skill roots, searched in the order added. */
    public Builder roots(List<Path> more) {
      roots.addAll(more);
      return this;
    }

    /** Builds the options. */
    public SkillsOptions build() {
      return new SkillsOptions(this);
    }
  }
}
