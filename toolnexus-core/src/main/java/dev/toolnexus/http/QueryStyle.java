package dev.toolnexus.http;

/**
 * How a list or object argument is written into the query string (the OpenAPI {@code style} and
 * {@code explode} of a query parameter). Plain values are {@code name=value} in every style.
 */
public enum QueryStyle {
  /** {@code tag=a&tag=b}; an object's properties become parameters of their own. The default. */
  FORM,
  /** {@code tag=a,b}; an object becomes {@code filter=k1,v1,k2,v2}. */
  FORM_NO_EXPLODE,
  /** {@code tag=a%20b}: list items separated by spaces. */
  SPACE_DELIMITED,
  /** {@code tag=a%7Cb}: list items separated by pipes. */
  PIPE_DELIMITED,
  /** {@code filter%5Bk1%5D=v1}: an object as {@code filter[k1]=v1}. */
  DEEP_OBJECT
}
