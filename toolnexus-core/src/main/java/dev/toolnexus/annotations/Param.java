package dev.toolnexus.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes one input of a tool: a {@link ToolMethod} parameter, a record component or a field of
 * an argument type. Its description lands in the generated schema; {@code optional} drops the
 * property from {@code required}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.PARAMETER, ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Param {

  /** The property's description for the model; none when empty. */
  String value() default "";

  /** Whether the model may leave this property out (it is then null, empty or zero). */
  boolean optional() default false;

  /**
   * The property name of a method parameter, for code compiled without {@code -parameters}; the
   * Java name when empty. Record components and fields are renamed with {@code @JsonProperty}
   * instead, because Jackson binds them by that name.
   */
  String name() default "";
}
