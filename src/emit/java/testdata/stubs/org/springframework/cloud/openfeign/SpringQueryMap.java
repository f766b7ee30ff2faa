package org.springframework.cloud.openfeign;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stand-in of Spring Cloud OpenFeign's {@code SpringQueryMap}. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface SpringQueryMap {
    /** Alias of encoded. */
    boolean value() default false;

    /** Whether the values are already URL-encoded. */
    boolean encoded() default false;
}
