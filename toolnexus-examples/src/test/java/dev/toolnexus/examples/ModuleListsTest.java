package dev.toolnexus.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** The BOM and the aggregate artifact keep up with the modules the build has. */
class ModuleListsTest {
  private static final Path ROOT = Path.of(System.getProperty("toolnexus.root", ".."));

  /** Modules no user depends on through the BOM (the test fixtures are the modules' own). */
  private static final Set<String> NOT_IN_BOM =
      Set.of(
          "toolnexus-bom",
          "toolnexus-examples",
          "toolnexus-examples-spring-boot",
          "toolnexus-testing");

  /**
   * Modules the aggregate leaves out: applications (the CLI, the benchmarks), the examples, and the
   * opt-in integrations (Micrometer, OpenTelemetry, the Spring Boot starter, OAuth), which would
   * put their frameworks on every user's classpath, and the tests' shared fixtures.
   */
  private static final Set<String> NOT_IN_AGGREGATE =
      Set.of(
          "toolnexus-bom",
          "toolnexus",
          "toolnexus-examples",
          "toolnexus-examples-spring-boot",
          "toolnexus-cli",
          "toolnexus-bench",
          "toolnexus-micrometer",
          "toolnexus-oauth",
          "toolnexus-opentelemetry",
          "toolnexus-spring-boot-starter",
          "toolnexus-testing");

  @Test
  void theBomPinsEveryPublishedModule() throws Exception {
    List<String> expected = new ArrayList<>(moduleArtifactIds());
    expected.removeAll(NOT_IN_BOM);

    assertThat(artifactIds(pom(ROOT.resolve("toolnexus-bom/pom.xml")), "dependencyManagement"))
        .containsAll(expected);
  }

  @Test
  void theAggregateDependsOnEveryLibraryModule() throws Exception {
    List<String> expected = new ArrayList<>(moduleArtifactIds());
    expected.removeAll(NOT_IN_AGGREGATE);
    Path aggregate = moduleDir("toolnexus");

    assertThat(directDependencies(pom(aggregate.resolve("pom.xml"))))
        .containsExactlyInAnyOrderElementsOf(expected);
  }

  private static List<String> moduleArtifactIds() throws Exception {
    List<String> ids = new ArrayList<>();
    for (String module : modules()) {
      ids.add(ownArtifactId(pom(ROOT.resolve(module).resolve("pom.xml"))));
    }
    return ids;
  }

  private static Path moduleDir(String artifactId) throws Exception {
    for (String module : modules()) {
      if (ownArtifactId(pom(ROOT.resolve(module).resolve("pom.xml"))).equals(artifactId)) {
        return ROOT.resolve(module);
      }
    }
    throw new AssertionError("no module has artifactId " + artifactId);
  }

  private static List<String> modules() throws Exception {
    List<String> out = new ArrayList<>();
    NodeList nodes = pom(ROOT.resolve("pom.xml")).getElementsByTagName("module");
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add(nodes.item(i).getTextContent().trim());
    }
    return out;
  }

  private static Document pom(Path file) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
  }

  private static String ownArtifactId(Document pom) {
    return childText(pom.getDocumentElement(), "artifactId");
  }

  private static List<String> directDependencies(Document pom) {
    List<String> out = new ArrayList<>();
    for (Element deps : children(pom.getDocumentElement(), "dependencies")) {
      for (Element dep : children(deps, "dependency")) {
        if ("dev.toolnexus".equals(childText(dep, "groupId"))) {
          out.add(childText(dep, "artifactId"));
        }
      }
    }
    return out;
  }

  private static List<String> artifactIds(Document pom, String section) {
    List<String> out = new ArrayList<>();
    NodeList sections = pom.getElementsByTagName(section);
    for (int s = 0; s < sections.getLength(); s++) {
      NodeList ids = ((Element) sections.item(s)).getElementsByTagName("artifactId");
      for (int i = 0; i < ids.getLength(); i++) {
        out.add(ids.item(i).getTextContent().trim());
      }
    }
    return out;
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        out.add(e);
      }
    }
    return out;
  }

  private static String childText(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? null : found.get(0).getTextContent().trim();
  }
}
