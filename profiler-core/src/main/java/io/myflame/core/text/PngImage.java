package io.myflame.core.text;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import javax.imageio.ImageIO;

/**
 * Writes an image as PNG: encoded in memory first, then handed to the output in one piece. ImageIO
 * writing straight to a stream buffers through a file of its own in /tmp and wraps the stream's
 * errors, so a full disk became a stack trace and a reader that closed the pipe an I/O error rather
 * than the quiet exit 141 every other output gives. Every image myflame draws is bounded in size.
 */
public final class PngImage {
    static {
        // No cache file in java.io.tmpdir: a signal could leave it, and a full /tmp would fail the encoding.
        ImageIO.setUseCache(false);
    }

    private PngImage() {
    }

    /** Encodes {@code image} and writes it to {@code out}; errors are {@code out}'s own. */
    public static void write(BufferedImage image, OutputStream out) throws IOException {
        ByteArrayOutputStream png = new ByteArrayOutputStream(1 << 16);
        if (!ImageIO.write(image, "png", png)) {
            throw new IOException("no PNG encoder in this Java runtime");
        }
        png.writeTo(out);
    }
}
