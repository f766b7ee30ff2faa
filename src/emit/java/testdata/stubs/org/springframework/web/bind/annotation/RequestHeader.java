package org.springframework.web.bind.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stand-in of Spring Web's {@code RequestHeader}. */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface RequestHeader {
    /** Alias of name. */
    String value() default "";

    /** Wire name. */
    String name() default "";

    /** Whether the value is required. */
    boolean required() default true;

    /** Default value (the real default is ValueConstants.DEFAULT_NONE). */
    String defaultValue() default "\n\t\t\n\t\t\n\ue000\ue001\ue002\n\t\t\t\t\n";
}
