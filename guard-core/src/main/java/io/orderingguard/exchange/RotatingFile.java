package io.orderingguard.exchange;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An append-only file of lines rotated by size: {@code name.jsonl} becomes {@code name.000001.jsonl},
 * {@code name.000002.jsonl}, … (numbers only grow, so names sort oldest first), and the oldest are
 * deleted to keep {@code maxFiles} files in all. Used by the log's one writer thread only.
 */
final class RotatingFile {

    private final Path path;
    private final long maxBytes;
    private final int maxFiles;
    private final String stem;
    private final String extension;
    private final Pattern rotated;
    private OutputStream out;
    private long size;

    RotatingFile(Path path, long maxBytes, int maxFiles) {
        this.path = path.toAbsolutePath();
        this.maxBytes = maxBytes;
        this.maxFiles = maxFiles;
        String name = this.path.getFileName().toString();
        int dot = name.lastIndexOf('.');
        this.stem = dot > 0 ? name.substring(0, dot) : name;
        this.extension = dot > 0 ? name.substring(dot) : "";
        this.rotated = Pattern.compile(Pattern.quote(stem) + "\\.(\\d{6,})" + Pattern.quote(extension));
    }

    Path path() {
        return path;
    }

    /** Appends one line (a line break is added), rotating first when the line would not fit. */
    void append(byte[] line) throws IOException {
        if (out == null) {
            open();
        }
        if (size > 0 && size + line.length + 1 > maxBytes) {
            rotate();
        }
        out.write(line);
        out.write('\n');
        size += line.length + 1;
    }

    void flush() throws IOException {
        if (out != null) {
            out.flush();
        }
    }

    void close() throws IOException {
        if (out != null) {
            out.close();
            out = null;
        }
    }

    private void open() throws IOException {
        Path dir = path.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        out = new BufferedOutputStream(Files.newOutputStream(path, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.WRITE), 64 * 1024);
        size = Files.size(path);
    }

    private void rotate() throws IOException {
        close();
        List<Long> numbers = rotatedNumbers();
        long next = numbers.isEmpty() ? 1 : numbers.get(numbers.size() - 1) + 1;
        Files.move(path, sibling(next), StandardCopyOption.REPLACE_EXISTING);
        numbers.add(next);
        // keep maxFiles - 1 rotated files beside the active one
        for (int i = 0; i < numbers.size() - (maxFiles - 1); i++) {
            Files.deleteIfExists(sibling(numbers.get(i)));
        }
        open();
    }

    private Path sibling(long number) {
        return path.resolveSibling(stem + "." + String.format("%06d", number) + extension);
    }

    private List<Long> rotatedNumbers() throws IOException {
        List<Long> numbers = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(path.getParent())) {
            for (Path p : dir) {
                Matcher m = rotated.matcher(p.getFileName().toString());
                if (m.matches()) {
                    numbers.add(Long.parseLong(m.group(1)));
                }
            }
        }
        Collections.sort(numbers);
        return numbers;
    }
}
