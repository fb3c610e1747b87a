package dev.toolnexus.internal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.OptBoolean;
import dev.toolnexus.annotations.Param;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One input property as the schema generator and the argument binder both see it: its JSON name,
 * Java type, description and whether it is required. The rule is the same for method parameters,
 * record components and bean fields: required unless the type is an {@code Optional}, an annotation
 * named {@code Nullable} is present (declaration or type use, any package), {@code @Param(optional
 * = true)}, or {@code @JsonProperty(isRequired = FALSE)}.
 *
 * @param name the JSON property name ({@code @Param(name)} on a method parameter, then
 *     {@code @JsonProperty}, then the Java name)
 * @param type the generic Java type
 * @param description {@code @Param} value, then {@code @JsonPropertyDescription}; null when none
 * @param required whether the property is listed in {@code required}
 */
public record PropertyInfo(String name, Type type, String description, boolean required) {

  /** The property of a method parameter. */
  public static PropertyInfo of(Parameter p) {
    return build(List.of(p), p.getName(), p.getParameterizedType(), p.getAnnotatedType(), true);
  }

  /** The properties of a record type, in component order. */
  public static List<PropertyInfo> ofRecord(Class<?> type) {
    List<PropertyInfo> out = new ArrayList<>();
    for (RecordComponent c : type.getRecordComponents()) {
      // An annotation without a RECORD_COMPONENT target (Jackson's) lands on the field instead.
      List<AnnotatedElement> sites = new ArrayList<>(List.of(c, c.getAccessor()));
      try {
        sites.add(type.getDeclaredField(c.getName()));
      } catch (NoSuchFieldException e) {
        // a record always has the field; nothing more to look at otherwise
      }
      if (find(sites, JsonIgnore.class) != null) {
        continue;
      }
      out.add(build(sites, c.getName(), c.getGenericType(), c.getAnnotatedType(), false));
    }
    return out;
  }

  /**
   * The properties of a bean: every non-static, non-transient field not marked {@code @JsonIgnore},
   * superclass fields first, each class in declaration order.
   */
  public static List<PropertyInfo> ofBean(Class<?> type) {
    Deque<Class<?>> chain = new ArrayDeque<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      chain.push(c);
    }
    List<PropertyInfo> out = new ArrayList<>();
    for (Class<?> c : chain) {
      for (Field f : c.getDeclaredFields()) {
        int m = f.getModifiers();
        if (Modifier.isStatic(m)
            || Modifier.isTransient(m)
            || f.isSynthetic()
            || f.isAnnotationPresent(JsonIgnore.class)) {
          continue;
        }
        out.add(build(List.of(f), f.getName(), f.getGenericType(), f.getAnnotatedType(), false));
      }
    }
    return out;
  }

  private static <A extends Annotation> A find(List<AnnotatedElement> sites, Class<A> type) {
    for (AnnotatedElement e : sites) {
      A a = e.getAnnotation(type);
      if (a != null) {
        return a;
      }
    }
    return null;
  }

  private static PropertyInfo build(
      List<AnnotatedElement> sites,
      String javaName,
      Type type,
      AnnotatedType annotatedType,
      boolean parameter) {
    Param param = find(sites, Param.class);
    JsonProperty json = find(sites, JsonProperty.class);
    JsonPropertyDescription jsonDescription = find(sites, JsonPropertyDescription.class);

    String name = javaName;
    if (json != null && !json.value().isEmpty()) {
      name = json.value();
    }
    // Jackson binds records and beans by their own names, so @Param(name) renames parameters only.
    if (parameter && param != null && !param.name().isEmpty()) {
      name = param.name();
    }

    String description = null;
    if (param != null && !param.value().isEmpty()) {
      description = param.value();
    } else if (jsonDescription != null && !jsonDescription.value().isEmpty()) {
      description = jsonDescription.value();
    }

    boolean required = true;
    if (isOptionalType(type)
        || sites.stream().anyMatch(e -> hasNullable(e.getAnnotations()))
        || (annotatedType != null && hasNullable(annotatedType.getAnnotations()))
        || (param != null && param.optional())
        || (json != null && json.isRequired() == OptBoolean.FALSE)) {
      required = false;
    }
    return new PropertyInfo(name, type, description, required);
  }

  /** Whether the type is one of the JDK's optional wrappers. */
  public static boolean isOptionalType(Type type) {
    Type raw = type instanceof ParameterizedType p ? p.getRawType() : type;
    return raw == Optional.class
        || raw == OptionalInt.class
        || raw == OptionalLong.class
        || raw == OptionalDouble.class;
  }

  private static boolean hasNullable(Annotation[] annotations) {
    for (Annotation a : annotations) {
      if (a.annotationType().getSimpleName().equals("Nullable")) {
        return true;
      }
    }
    return false;
  }
}
