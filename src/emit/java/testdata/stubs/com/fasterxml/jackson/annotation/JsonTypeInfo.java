package com.fasterxml.jackson.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stand-in of Jackson's {@code JsonTypeInfo}. */
@Target({ElementType.ANNOTATION_TYPE, ElementType.TYPE, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
public @interface JsonTypeInfo {
    /** How the type is named. */
    Id use();

    /** Where the type name is. */
    As include() default As.PROPERTY;

    /** The property holding the type name. */
    String property() default "";

    /** Whether the property is passed on to the value too. */
    boolean visible() default false;

    /** Kinds of type names. */
    enum Id { NONE, CLASS, MINIMAL_CLASS, NAME, DEDUCTION, CUSTOM }

    /** Places of type names. */
    enum As { PROPERTY, WRAPPER_OBJECT, WRAPPER_ARRAY, EXTERNAL_PROPERTY, EXISTING_PROPERTY }
}
