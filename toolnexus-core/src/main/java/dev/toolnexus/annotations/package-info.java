/**
 * Annotations that turn plain Java methods and types into tools: {@link
 * dev.toolnexus.annotations.ToolMethod} on a method, {@link dev.toolnexus.annotations.Param} on its
 * parameters or on the components and fields of argument types. Jackson's {@code @JsonProperty},
 * {@code @JsonPropertyDescription}, {@code @JsonClassDescription} and {@code @JsonIgnore} are
 * honoured as well, and any annotation named {@code Nullable} marks a property optional.
 */
package dev.toolnexus.annotations;
