package org.springframework.web.bind.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stand-in of Spring Web's {@code PostMapping}. */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface PostMapping {
    /** Alias of path. */
    String[] value() default {};

    /** Path patterns. */
    String[] path() default {};

    /** Request parameter conditions. */
    String[] params() default {};

    /** Header conditions. */
    String[] headers() default {};

    /** Consumed media types. */
    String[] consumes() default {};

    /** Produced media types. */
    String[] produces() default {};
}
