package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.Map;

/**
 * The SDK's default JSON-Schema validator, looked up only when the SDK first validates something.
 * Building an MCP client otherwise builds the default eagerly (a JSON-Schema registry, ~220 classes
 * loaded at start-up), although toolnexus checks tool arguments itself and leaves the SDK's result
 * checking off, so most runs never use it.
 */
final class DeferredSchemaValidator implements JsonSchemaValidator {
  static final DeferredSchemaValidator INSTANCE = new DeferredSchemaValidator();

  private DeferredSchemaValidator() {}

  @Override
  public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
    return McpJsonDefaults.getSchemaValidator().validate(schema, structuredContent);
  }

  @Override
  public ValidationResponse validateSchema(Map<String, Object> schema) {
    return McpJsonDefaults.getSchemaValidator().validateSchema(schema);
  }

  @Override
  public void assertConforms(String what, Map<String, Object> schema) {
    McpJsonDefaults.getSchemaValidator().assertConforms(what, schema);
  }
}
