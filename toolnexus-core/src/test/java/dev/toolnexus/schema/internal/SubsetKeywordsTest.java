package dev.toolnexus.schema.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SubsetKeywordsTest {
  // The OpenAPI dialects are never used: SchemaValidator maps only drafts 4 to 2020-12.
  @Test
  void everyKeywordOfNetworkntsDialectsIsImplementedAnAnnotationOrAFallback() {
    Set<String> known = new HashSet<>(SubsetKeywords.IMPLEMENTED);
    known.addAll(SubsetKeywords.ANNOTATIONS);
    known.addAll(SubsetKeywords.FALLBACK);
    known.add(SubsetKeywords.FORMAT);
    Set<String> unclassified = new TreeSet<>();
    for (Dialect d :
        List.of(
            Dialects.getDraft4(),
            Dialects.getDraft6(),
            Dialects.getDraft7(),
            Dialects.getDraft201909(),
            Dialects.getDraft202012())) {
      unclassified.addAll(d.getKeywords().keySet());
    }
    unclassified.removeAll(known);

    assertThat(unclassified).isEmpty();
  }

  @Test
  void noKeywordIsBothHandledAndAFallback() {
    assertThat(SubsetKeywords.FALLBACK)
        .doesNotContainAnyElementsOf(SubsetKeywords.IMPLEMENTED)
        .doesNotContainAnyElementsOf(SubsetKeywords.ANNOTATIONS)
        .doesNotContain(SubsetKeywords.FORMAT);
  }
}
