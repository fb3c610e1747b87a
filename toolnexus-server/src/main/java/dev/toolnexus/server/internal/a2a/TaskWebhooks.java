package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.PushConfig;
import dev.toolnexus.server.a2a.TaskStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The webhooks set on a task: added, replaced and removed under the task's lock, compare-and-set in
 * the store.
 */
final class TaskWebhooks {
  private TaskWebhooks() {}

  /**
   * Sets {@code webhook} on the task, replacing one with the same id.
   *
   * @throws RpcError for an unknown task, or one that has as many webhooks as it may
   */
  static A2aTask setPush(TaskRunner runner, String taskId, PushConfig webhook) {
    TaskStore store = runner.store();
    ReentrantLock lock = runner.lock(taskId);
    lock.lock();
    try {
      return store
          .update(taskId, task -> task.withPush(withConfig(task, webhook, runner.push())))
          .orElseThrow(() -> RpcError.taskNotFound(taskId));
    } finally {
      lock.unlock();
    }
  }

  /**
   * Removes the webhook {@code id} from the task.
   *
   * @throws RpcError for an unknown task or webhook
   */
  static void deletePush(TaskRunner runner, String taskId, String id) {
    TaskStore store = runner.store();
    ReentrantLock lock = runner.lock(taskId);
    lock.lock();
    try {
      store
          .update(
              taskId,
              task -> {
                List<PushConfig> rest = new ArrayList<>();
                for (PushConfig c : task.pushConfigs()) {
                  if (!c.id().equals(id)) {
                    rest.add(c);
                  }
                }
                if (rest.size() == task.pushConfigs().size()) {
                  throw PushMethods.configNotFound(taskId, id);
                }
                return task.withPush(rest);
              })
          .orElseThrow(() -> RpcError.taskNotFound(taskId));
    } finally {
      lock.unlock();
    }
  }

  static List<PushConfig> withConfig(A2aTask task, PushConfig webhook, PushSender push) {
    List<PushConfig> configs = new ArrayList<>();
    for (PushConfig c : task.pushConfigs()) {
      if (!c.id().equals(webhook.id())) {
        configs.add(c);
      }
    }
    int max = push.options().maxPerTask();
    if (configs.size() >= max) {
      throw RpcError.invalidParams(
          "task "
              + task.id()
              + " already has "
              + max
              + " push notification configs, the most it may have");
    }
    configs.add(webhook);
    return configs;
  }
}
