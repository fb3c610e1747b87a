package dev.toolnexus.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method as a tool: {@link dev.toolnexus.Tools#fromObject(Object)} turns every such method
 * of an object into a {@link dev.toolnexus.Tool} (source {@code native}) whose input schema is
 * inferred from the parameters. Named {@code ToolMethod} so it never clashes with the {@link
 * dev.toolnexus.Tool} interface in the same file.
 *
 * <p>Parameters become the schema's properties in declaration order (compile with {@code
 * -parameters}, or name them with {@link Param#name()}); a {@link dev.toolnexus.ToolContext}
 * parameter is passed the call's context and is not part of the schema. The method may return a
 * {@code String} (the output), a {@link dev.toolnexus.ToolResult}, nothing ({@code void}: empty
 * output) or any other value (written as JSON). A method returning a record declares the record's
 * schema as the tool's {@link dev.toolnexus.Tool#outputSchema() output schema} (a served tool then
 * sends its result as MCP structured content); its output is the record as JSON, null properties
 * left out. A thrown exception becomes an error result carrying its message.
 *
 * <p>The behaviour hints ({@link #readOnly}, {@link #destructive}, {@link #idempotent}, {@link
 * #openWorld}) default to MCP's defaults; only a hint set to the other value is stated in the
 * tool's {@link dev.toolnexus.ToolAnnotations}, so a host sees, for example, {@code readOnly =
 * true} as a read-only tool.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ToolMethod {

  /** What the tool does, written for the model. */
  String value();

  /** The tool name; the method name when empty. Must be 1 to 64 characters. */
  String name() default "";

  /** A human-readable title for display; none when empty. */
  String title() default "";

  /** Whether the tool leaves its environment unchanged (default false). */
  boolean readOnly() default false;

  /**
   * Whether a change the tool makes may destroy or overwrite data, rather than only add (default
   * true; meaningful only when not read-only).
   */
  boolean destructive() default true;

  /**
   * Whether calling again with the same arguments has no further effect (default false; meaningful
   * only when not read-only).
   */
  boolean idempotent() default false;

  /**
   * Whether the tool reaches an open world such as the web, rather than a closed domain such as
   * local files (default true).
   */
  boolean openWorld() default true;
}
