package org.springframework.cloud.openfeign;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stand-in of Spring Cloud OpenFeign's {@code FeignClient}. */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface FeignClient {
    /** Alias of name. */
    String value() default "";

    /** Bean context id. */
    String contextId() default "";

    /** Service id. */
    String name() default "";

    /** Absolute URL or resolvable host name. */
    String url() default "";

    /** Path prefix of every method. */
    String path() default "";

    /** Whether the bean is primary. */
    boolean primary() default true;
}
