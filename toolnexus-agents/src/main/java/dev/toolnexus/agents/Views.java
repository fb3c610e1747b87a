package dev.toolnexus.agents;

import java.util.List;

/** Read-only walks over a handle tree; callers hold the runtime lock. */
final class Views {
  private Views() {}

  static void collect(Handle root, Handle h, List<HandleView> out) {
    if (h != root) {
      out.add(view(h));
    }
    for (Handle c : h.children) {
      collect(root, c, out);
    }
  }

  static HandleView view(Handle h) {
    return new HandleView(
        h.id,
        h.def.name(),
        h.state,
        h.inbox.size(),
        h.turns,
        h.totalTokens,
        h.ownTokens,
        h.tokensLeft,
        h.pending);
  }

  static Handle find(Handle h, String id) {
    if (h.id.equals(id)) {
      return h;
    }
    if (!id.startsWith(h.id + "/")) {
      return null;
    }
    for (Handle c : h.children) {
      Handle f = find(c, id);
      if (f != null) {
        return f;
      }
    }
    return null;
  }

  static Handle deepestSuspended(Handle h) {
    for (Handle c : h.children) {
      Handle found = deepestSuspended(c);
      if (found != null) {
        return found;
      }
    }
    return h.state == HandleState.SUSPENDED ? h : null;
  }
}
