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
 * output) or any other value (written as JSON). A thrown exception becomes an error result carrying
 * its message.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ToolMethod {

  /** What the tool does, written for the model. */
  String value();

  /** The tool name; the method name when empty. Must be 1 to 64 characters. */
  String name() default "";
}
