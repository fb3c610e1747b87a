package dev.toolnexus.examples;

// README's "Typed judgements (toolnexus-classifier)" example, compiled and run by QuickstartTest.
// Edit the region between the markers and README.md together: the test fails when they differ.
// judgements:begin
import dev.toolnexus.Json;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.GateOutcome;
import dev.toolnexus.classifier.Judge;
import dev.toolnexus.classifier.Judgement;
import dev.toolnexus.classifier.NamedQuestion;
import dev.toolnexus.classifier.RecordedDecision;
import dev.toolnexus.classifier.Rule;
import dev.toolnexus.classifier.State;
import java.util.List;
import java.util.Map;

public class Judgements {
  public static void main(String[] args) {
    List<NamedQuestion> questions =
        List.of(
            NamedQuestion.noul("fixable", "Can an agent fix the bug in `report` from it alone?"),
            NamedQuestion.choice(
                "component",
                "Which component owns the fix for `report`?",
                Map.of(
                    "pricing", "the defect is in coupon or discount calculation code",
                    "checkout", "the defect is in the HTTP checkout handler")));
    Map<String, Object> state =
        State.of("You triage bug reports.", Map.of("report", "coupon SAVE10 takes 20% off"));

    // What CI runs: a recorded answer and no network. Live, use the hosted backend
    // (Classifier.create(ClassifierOptions.defaults()) reads TYPESAFE_API_KEY at call time) or any
    // client model (ClassifierOptions.builder().client(llmClient).build()).
    Classifier classifier =
        Classifier.fromRecorded(
            new RecordedDecision(
                state,
                Judge.questions(questions),
                Json.parseObject(
                    "{\"answers\":{"
                        + "\"fixable\":{\"type\":\"noul\",\"noul\":0.86},"
                        + "\"component\":{\"type\":\"choice\",\"choice\":\"pricing\","
                        + "\"probabilities\":{\"pricing\":0.91,\"checkout\":0.09},"
                        + "\"confidence\":0.9}}}")));

    Map<String, Judgement> answers = Judge.ask(classifier, state, questions);
    System.out.println(answers.get("fixable").band() + " " + answers.get("component").choice());

    GateOutcome out =
        Judge.gate(
            classifier,
            state,
            questions,
            List.of(
                Rule.below("fixable", 0.3, "close"),
                Rule.is("component", "pricing", "assign").to("pricing-team")));
    System.out.println(out.action() + " -> " + out.target()); // unsure answers escalate instead
  }
}
// judgements:end
