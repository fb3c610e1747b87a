package dev.toolnexus.builtins;

import io.github.furstenheim.CodeBlockStyle;
import io.github.furstenheim.CopyDown;
import io.github.furstenheim.HeadingStyle;
import io.github.furstenheim.OptionsBuilder;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * HTML to Markdown (copy_down, a port of turndown on jsoup) and to plain text (jsoup), after
 * dropping what a reader never sees: scripts, styles, templates and the like.
 */
final class Html {
  private static final String INVISIBLE =
      "script, style, noscript, template, iframe, object, embed, svg, canvas, head";

  private Html() {}

  static String toMarkdown(String html, String baseUrl) {
    Document doc = clean(html, baseUrl);
    CopyDown converter =
        new CopyDown(
            OptionsBuilder.anOptions()
                .withHeadingStyle(HeadingStyle.ATX)
                .withCodeBlockStyle(CodeBlockStyle.FENCED)
                .withBulletListMaker("-")
                .build());
    return converter.convert(doc.body().html()).trim();
  }

  static String toText(String html, String baseUrl) {
    Document doc = clean(html, baseUrl);
    doc.outputSettings().prettyPrint(false);
    String text = doc.body().wholeText();
    StringBuilder sb = new StringBuilder();
    int blank = 0;
    for (String line : text.split("\n", -1)) {
      String t = line.strip();
      if (t.isEmpty()) {
        blank++;
        continue;
      }
      if (sb.length() > 0) {
        sb.append(blank > 0 ? "\n\n" : "\n");
      }
      sb.append(t);
      blank = 0;
    }
    return sb.toString();
  }

  private static Document clean(String html, String baseUrl) {
    Document doc = Jsoup.parse(html, baseUrl);
    doc.select(INVISIBLE).remove();
    return doc;
  }
}
