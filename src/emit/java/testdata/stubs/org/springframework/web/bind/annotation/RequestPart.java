package org.springframework.web.bind.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stand-in of Spring Web's {@code RequestPart}. */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface RequestPart {
    /** Alias of name. */
    String value() default "";

    /** Part name. */
    String name() default "";

    /** Whether the value is required. */
    boolean required() default true;
}
