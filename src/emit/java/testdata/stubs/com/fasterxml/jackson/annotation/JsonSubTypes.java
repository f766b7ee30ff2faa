package com.fasterxml.jackson.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stand-in of Jackson's {@code JsonSubTypes}. */
@Target({ElementType.ANNOTATION_TYPE, ElementType.TYPE, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
public @interface JsonSubTypes {
    /** The subtypes. */
    Type[] value();

    /** One subtype and its name. */
    @interface Type {
        /** The subtype. */
        Class<?> value();

        /** Its type name. */
        String name() default "";
    }
}
