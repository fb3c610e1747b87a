package dev.toolnexus.spring;

import dev.toolnexus.Tool;
import dev.toolnexus.Tools;
import dev.toolnexus.annotations.ToolMethod;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/** Finds the beans with {@code @ToolMethod} methods and turns each such method into a tool. */
final class ToolMethodBeans {
  private ToolMethodBeans() {}

  /**
   * The tools of every bean whose class has a {@code @ToolMethod} method, in bean definition order.
   * Only those beans are created; the others are looked at by type alone.
   */
  static List<Tool> tools(ConfigurableListableBeanFactory factory) {
    List<Tool> out = new ArrayList<>();
    for (String name : factory.getBeanDefinitionNames()) {
      if (factory.getBeanDefinition(name).isAbstract()) {
        continue;
      }
      Class<?> type = factory.getType(name, false);
      if (type == null || !hasToolMethod(ClassUtils.getUserClass(type))) {
        continue;
      }
      Object bean = factory.getBean(name);
      Object target = AopProxyUtils.getSingletonTarget(bean);
      out.addAll(Tools.fromObject(target != null ? target : bean));
    }
    return out;
  }

  private static boolean hasToolMethod(Class<?> type) {
    for (Method m : ReflectionUtils.getUniqueDeclaredMethods(type)) {
      if (m.isAnnotationPresent(ToolMethod.class)) {
        return true;
      }
    }
    return false;
  }
}
