package io.myflame.ingest.capture;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code capture.json} read straight into {@link CaptureRecord} by Jackson's streaming parser: each key
 * is the snake-case spelling of a record component's name, as the mapper that writes the file spells
 * it, so the record stays the schema's one spelling. Binding with the mapper cost every report of a
 * capture directory 0.25 s of CPU that a report of its perf.data did not pay (570 more classes, and the
 * records' introspection); the parser alone is a few dozen classes.
 *
 * <p>It reads what the mapper read: keys the record lacks are skipped (a newer capture still reads), a
 * missing key or {@code null} is null, the last of repeated keys wins, a number written as a string is
 * that number, and a fraction where a whole number belongs is cut to its whole part. Anything else
 * of the wrong shape is a {@link WrongShape} naming the key and line.
 */
final class CaptureJsonReader {
    private static final JsonFactory JSON = new JsonFactory();
    /** Per record type: its canonical constructor and each component's position by key. */
    private static final Map<Class<?>, Shape> SHAPES = new HashMap<>();

    /** A value of the wrong kind for its key: valid JSON, but not a capture's metadata. */
    static final class WrongShape extends JsonParseException {
        private static final long serialVersionUID = 1L;

        WrongShape(JsonParser p, String message) {
            super(p, message);
        }
    }

    private record Shape(Constructor<?> constructor, RecordComponent[] components, Map<String, Integer> positions) {
    }

    private CaptureJsonReader() {
    }

    /** The record of {@code json}; null when the file holds no JSON object at its top. */
    static CaptureRecord read(Path json) throws IOException {
        try (JsonParser p = JSON.createParser(json.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            return (CaptureRecord) record(p, CaptureRecord.class, "");
        }
    }

    /** The record of the object whose START_OBJECT the parser is on. */
    private static Object record(JsonParser p, Class<?> type, String path) throws IOException {
        Shape shape = shape(type);
        Object[] values = new Object[shape.components().length];
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken token = p.nextToken();
            Integer at = shape.positions().get(key);
            if (at == null) {
                p.skipChildren();
            } else {
                values[at] = value(p, token, shape.components()[at].getGenericType(), path + key);
            }
        }
        try {
            return shape.constructor().newInstance(values);
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot make " + type.getSimpleName(), e);
        }
    }

    private static Object value(JsonParser p, JsonToken token, Type type, String key) throws IOException {
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (type instanceof ParameterizedType generic) {
            Type[] args = generic.getActualTypeArguments();
            if (generic.getRawType() == List.class) {
                return list(p, token, args[0], key);
            }
            return map(p, token, args[1], key);
        }
        Class<?> raw = (Class<?>) type;
        if (raw.isRecord()) {
            expect(p, token, JsonToken.START_OBJECT, key, "an object");
            return record(p, raw, key + ".");
        }
        return scalar(p, token, raw, key);
    }

    private static List<Object> list(JsonParser p, JsonToken token, Type element, String key) throws IOException {
        expect(p, token, JsonToken.START_ARRAY, key, "a list");
        List<Object> out = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            out.add(value(p, t, element, key + "[" + out.size() + "]"));
        }
        return out;
    }

    private static Map<String, Object> map(JsonParser p, JsonToken token, Type value, String key) throws IOException {
        expect(p, token, JsonToken.START_OBJECT, key, "an object");
        Map<String, Object> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            out.put(name, value(p, p.nextToken(), value, key + "." + name));
        }
        return out;
    }

    private static Object scalar(JsonParser p, JsonToken token, Class<?> type, String key) throws IOException {
        if (!token.isScalarValue()) {
            throw wrong(p, key, what(type));
        }
        if (type == String.class) {
            return p.getValueAsString();
        }
        if (type == Boolean.class) {
            return switch (token) {
                case VALUE_TRUE -> true;
                case VALUE_FALSE -> false;
                default -> switch (p.getText()) {
                    case "true" -> true;
                    case "false" -> false;
                    default -> throw wrong(p, key, what(type));
                };
            };
        }
        if (!token.isNumeric() && token != JsonToken.VALUE_STRING) {
            throw wrong(p, key, what(type));
        }
        String text = token == JsonToken.VALUE_STRING ? p.getText().trim() : null;
        if (text != null && text.isEmpty()) {
            return null;
        }
        try {
            if (type == Double.class) {
                return text != null ? Double.valueOf(text) : p.getDoubleValue();
            } else if (type == Long.class) {
                return text != null ? (long) Double.parseDouble(text) : p.getValueAsLong();
            } else if (type == Integer.class) {
                return text != null ? (int) Double.parseDouble(text) : p.getValueAsInt();
            }
        } catch (NumberFormatException | IllegalStateException e) {
            throw wrong(p, key, what(type));
        } catch (InputCoercionException e) {
            // valid JSON, but no value this key can hold (an int count of 10^20, 1e999 seconds)
            throw wrong(p, key, what(type) + " in range");
        }
        throw new IllegalStateException("capture.json has no values of type " + type.getSimpleName());
    }

    private static void expect(JsonParser p, JsonToken token, JsonToken wanted, String key, String what)
            throws WrongShape {
        if (token != wanted) {
            throw wrong(p, key, what);
        }
    }

    private static WrongShape wrong(JsonParser p, String key, String what) {
        String found;
        try {
            found = p.currentToken().isScalarValue() ? p.getText() : p.currentToken().asString();
        } catch (IOException e) {
            found = String.valueOf(p.currentToken());
        }
        if (found != null && found.length() > 40) {
            found = found.substring(0, 40) + "...";
        }
        return new WrongShape(p, "key " + key + ": expected " + what + ", found " + found);
    }

    private static String what(Class<?> type) {
        return type == String.class ? "text" : type == Boolean.class ? "true or false" : "a number";
    }

    private static synchronized Shape shape(Class<?> type) {
        return SHAPES.computeIfAbsent(type, t -> {
            RecordComponent[] components = t.getRecordComponents();
            Map<String, Integer> positions = new HashMap<>();
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                positions.put(snakeCase(components[i].getName()), i);
                types[i] = components[i].getType();
            }
            try {
                return new Shape(t.getDeclaredConstructor(types), components, positions);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(t + " has no canonical constructor", e);
            }
        });
    }

    /**
     * Jackson's snake case ({@code PropertyNamingStrategies.SNAKE_CASE}): an underscore before each upper
     * case letter that follows a lower case one or a digit, everything lower case ({@code latencyMs} →
     * {@code latency_ms}, {@code p95} → {@code p95}).
     */
    static String snakeCase(String name) {
        StringBuilder out = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0 && out.charAt(out.length() - 1) != '_' && !Character.isUpperCase(name.charAt(i - 1))) {
                    out.append('_');
                }
                out.append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
