package dev.toolnexus.builtins;

import io.github.furstenheim.CodeBlockStyle;
import io.github.furstenheim.CopyDown;
import io.github.furstenheim.HeadingStyle;
import io.github.furstenheim.OptionsBuilder;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;

/**
 * HTML to Markdown (copy_down, a port of turndown on jsoup) and to plain text (jsoup), after
 * dropping what a reader never sees: scripts, styles, templates and the like.
 */
final class Html {
  private static final String INVISIBLE =
      "script, style, noscript, template, iframe, object, embed, svg, canvas, head";

  private static final String PARAGRAPHS =
      "p, h1, h2, h3, h4, h5, h6, div, section, article, header, footer, main, nav, aside,"
          + " blockquote, pre, table, ul, ol, dl, hr, form, figure";
  private static final String LINES = "li, tr, dt, dd";

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
    // block boundaries become line breaks; the loop below collapses the runs they leave
    for (Element el : doc.body().select(PARAGRAPHS)) {
      el.prependText("\n\n").appendText("\n\n");
    }
    for (Element el : doc.body().select(LINES)) {
      el.appendText("\n");
    }
    for (Element br : doc.body().select("br")) {
      br.after(new TextNode("\n"));
    }
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
