package org.springframework.web.multipart;

import java.io.IOException;
import java.io.InputStream;

/** Stand-in of Spring Web's {@code MultipartFile}: the methods clients call. */
public interface MultipartFile {
    /** Name of the part. */
    String getName();

    /** File name the client sent, if any. */
    String getOriginalFilename();

    /** Media type of the part, if any. */
    String getContentType();

    /** Whether the file has no content. */
    boolean isEmpty();

    /** Size in bytes. */
    long getSize();

    /** The content. */
    byte[] getBytes() throws IOException;

    /** The content as a stream. */
    InputStream getInputStream() throws IOException;
}
