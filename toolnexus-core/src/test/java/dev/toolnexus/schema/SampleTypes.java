package dev.toolnexus.schema;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.OptBoolean;
import dev.toolnexus.annotations.Param;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Argument types the schema golden files pin. */
public final class SampleTypes {
  private SampleTypes() {}

  /** How to travel. */
  public enum Mode {
    TRAIN,
    @JsonProperty("plane")
    PLANE,
    CAR
  }

  /** A postal address. */
  @JsonClassDescription("Where someone lives")
  public record Address(String city, @Param(value = "Postal code", optional = true) String zip) {}

  /** Who travels. */
  public record Traveller(String name, Address home) {}

  /** One stop on the way. */
  public record Stop(String city, int nights, List<String> sights) {}

  /** The root type: nested records, a list of records, an enum, an Optional and a Map. */
  @JsonClassDescription("A trip to plan")
  public record Trip(
      @Param("Who travels") Traveller traveller,
      List<Stop> stops,
      Mode mode,
      Optional<String> notes,
      Map<String, Integer> budget,
      @JsonProperty("max_days") @JsonPropertyDescription("Longest trip in days") int maxDays,
      @Nullable String coupon,
      @JsonProperty(isRequired = OptBoolean.FALSE) Boolean flexible,
      @JsonIgnore String internal) {}

  /** A bean base class. */
  public static class Animal {
    /** Every animal's name. */
    @JsonPropertyDescription("What it answers to")
    public String name;

    private int legs;

    /** Bean accessor. */
    public int getLegs() {
      return legs;
    }
  }

  /** A bean subclass: inherited fields come first. */
  public static class Dog extends Animal {
    static final String KIND = "dog";
    transient String cache;
    @JsonIgnore String secret;
    private @Nullable String breed;
    private List<Animal> friends;
    private Map<String, Object> extra;
    private double[] weights;
    private Dog bestFriend;

    /** Bean accessor. */
    public String getBreed() {
      return breed;
    }

    /** Bean accessor. */
    public List<Animal> getFriends() {
      return friends;
    }

    /** Bean accessor. */
    public Map<String, Object> getExtra() {
      return extra;
    }

    /** Bean accessor. */
    public double[] getWeights() {
      return weights;
    }

    /** Bean accessor. */
    public Dog getBestFriend() {
      return bestFriend;
    }
  }
}
