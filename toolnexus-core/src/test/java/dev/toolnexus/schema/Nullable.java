package dev.toolnexus.schema;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stands for any library's {@code @Nullable}: only the simple name is looked at. */
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.PARAMETER,
  ElementType.FIELD,
  ElementType.RECORD_COMPONENT,
  ElementType.TYPE_USE
})
public @interface Nullable {}
