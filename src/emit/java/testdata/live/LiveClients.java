import com.example.bookstore.client.model.errors.OutOfStock;
import com.example.bookstore.client.model.errors.ServerErrors;
import com.example.bookstore.client.service.AuthorService;
import com.example.bookstore.client.service.BookService;
import com.example.bookstore.client.service.BookStoreService;
import com.example.bookstore.client.service.DynamicBookService;
import com.example.bookstore.client.service.HelloService;
import com.example.shop.client.model.statics.Courier;
import com.example.shop.client.model.statics.Delivery;
import com.example.shop.client.model.statics.FixedOff;
import com.example.shop.client.model.statics.PercentOff;
import com.example.shop.client.model.statics.PickUp;
import com.example.shop.client.model.statics.Promotion;
import com.example.shop.client.model.statics.PromotionShipping;
import com.example.shop.client.service.TreeService;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;

/**
 * Fetches every bookstore answer from a live server (args[0]), its absent
 * results from one answering them as JSON null (args[2]), and the
 * treeshop's but its upload from another (args[1]), with
 * java.net.http.HttpClient and reads each body into the generated type of
 * its operation (the service method's return type) with Jackson, failing on
 * unknown properties; error bodies into their records. Prints "ok N" or
 * throws.
 */
public final class LiveClients {
    private static final ObjectMapper MAPPER = new ObjectMapper()
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    /** Writes as the server does: absent optional values left out. */
    private static final ObjectMapper WRITER = new ObjectMapper()
        .setSerializationInclusion(JsonInclude.Include.NON_NULL);
    // At its defaults: HTTP/2 preferred, so every new connection's first
    // request asks for an h2c upgrade (with Content-Length: 0), which the
    // server ignores, answering in HTTP/1.1.
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static int checked;

    private LiveClients() {
    }

    public static void main(String[] args) throws Exception {
        String base = args[0];
        ok(base, "GET", "/books", BookService.class, "findBooks");
        ok(base, "GET", "/books?pageIndex=1&pageSize=3&sortCode=price%20desc", BookService.class, "findBooks");
        ok(base, "GET", "/book/1", BookService.class, "findBook");
        ok(base, "GET", "/book/9", BookService.class, "findBook");
        ok(base, "GET", "/book/999999", BookService.class, "findBook");
        ok(base, "POST", "/book/1/order?quantity=1", BookService.class, "orderBook");
        ok(base, "GET", "/authors/mostActive", AuthorService.class, "findMostActiveAuthors");
        ok(base, "GET", "/dynamic/book/2?fetcherCode=%7B%20name%20store%20%7B%20name%20%7D%20%7D",
            DynamicBookService.class, "findBook");
        ok(base, "GET", "/dynamic/book/3", DynamicBookService.class, "findBook");
        ok(base, "GET", "/helloworld", HelloService.class, "hello");
        error(base, "POST", "/book/1/order?quantity=11", 409, OutOfStock.class);
        error(base, "GET", "/books?pageSize=0", 400, ServerErrors.BadRequest.class);
        error(base, "GET", "/dynamic/book/2?fetcherCode=%7B", 400, ServerErrors.BadRequest.class);
        String absentAsNull = args[2];
        ok(absentAsNull, "GET", "/book/999999", BookService.class, "findBook");
        ok(absentAsNull, "GET", "/dynamic/book/999999", DynamicBookService.class, "findBook");
        ok(absentAsNull, "GET", "/stores/999999/runnerUp", BookStoreService.class, "findRunnerUp");
        ok(absentAsNull, "GET", "/book/1", BookService.class, "findBook");
        String shop = args[1];
        ok(shop, "GET", "/tree/1", TreeService.class, "findTree");
        ok(shop, "GET", "/tree/999999", TreeService.class, "findTree");
        ok(shop, "GET", "/tree/3/pair", TreeService.class, "findNodeWithProduct");
        ok(shop, "GET", "/tree/products/index", TreeService.class, "productIndex");
        ok(shop, "GET", "/tree/products/search?maxPrice=20&availability=IN_STOCK&order=PRICE",
            TreeService.class, "searchProducts");
        ok(shop, "POST", "/tree/nodes", "{\"name\": \"Caps\", \"parentId\": 1}", TreeService.class,
            "createNode");
        ok(shop, "GET", "/tree/products/1/promotion", TreeService.class, "findPromotion");
        ok(shop, "POST", "/tree/products/2/promotion", "{\"kind\": \"fixed\", \"amount\": 2.5, \"currency\": \"EUR\"}",
            TreeService.class, "setPromotion");
        member(shop, "/tree/products/1/promotion", Promotion.class, PercentOff.class);
        member(shop, "/tree/products/2/promotion", Promotion.class, FixedOff.class);
        member(shop, "/tree/products/3/promotion", Promotion.class, PromotionShipping.class);
        ok(shop, "GET", "/tree/products/1/delivery", TreeService.class, "findDelivery");
        member(shop, "/tree/products/1/delivery", Delivery.class, PickUp.class);
        member(shop, "/tree/products/2/delivery", Delivery.class, Courier.class);
        error(shop, "GET", "/tree/999999/pair", 404, com.example.shop.client.model.errors.ServerErrors.NotFound.class);
        error(shop, "GET", "/tree/one", 400, com.example.shop.client.model.errors.ServerErrors.BadRequest.class);
        error(shop, "GET", "/tree/products/search?order=COST", 400,
            com.example.shop.client.model.errors.ServerErrors.BadRequest.class);
        System.out.println("ok " + checked);
    }

    private static HttpResponse<String> send(String base, String method, String path, String json)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
            .header("authorization", "Bearer ada").header("x-request-id", "r1");
        if (json == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("content-type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(json));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void ok(String base, String method, String path, Class<?> service, String name)
            throws Exception {
        ok(base, method, path, null, service, name);
    }

    private static void ok(String base, String method, String path, String json, Class<?> service,
            String name) throws Exception {
        HttpResponse<String> response = send(base, method, path, json);
        if (response.statusCode() != 200) {
            throw new AssertionError(path + ": status " + response.statusCode() + " " + response.body());
        }
        Type type = methodNamed(service, name).getGenericReturnType();
        String body = response.body();
        if (type instanceof ParameterizedType p && p.getRawType() == Optional.class) {
            // As Feign's OptionalDecoder over Jackson: an empty body and the
            // JSON null (absentResult: "null") are both Optional.empty().
            if (body.isEmpty() || MAPPER.readTree(body).isNull()) {
                checked++;
                return;
            }
            type = p.getActualTypeArguments()[0];
        }
        if (type == String.class) {
            if (!response.headers().firstValue("content-type").orElse("").startsWith("text/plain")) {
                throw new AssertionError(path + ": a String result that is not text/plain");
            }
        } else {
            JavaType javaType = MAPPER.getTypeFactory().constructType(type);
            MAPPER.readValue(body, javaType);
        }
        checked++;
    }

    /**
     * Reads a promotion into the sealed interface: Jackson picks the record
     * its kind names, and writes it back as the same JSON.
     */
    private static <T> void member(String base, String path, Class<T> union,
            Class<? extends T> expected) throws Exception {
        String body = send(base, "GET", path, null).body();
        T value = MAPPER.readValue(body, union);
        if (!expected.isInstance(value)) {
            throw new AssertionError(path + ": read as " + value.getClass().getSimpleName());
        }
        String written = WRITER.writeValueAsString(value);
        if (!MAPPER.readTree(written).equals(MAPPER.readTree(body))) {
            throw new AssertionError(path + ": written back as " + written);
        }
        checked++;
    }

    private static void error(String base, String method, String path, int status, Class<?> record)
            throws Exception {
        HttpResponse<String> response = send(base, method, path, null);
        if (response.statusCode() != status) {
            throw new AssertionError(path + ": status " + response.statusCode() + ", not " + status);
        }
        MAPPER.readValue(response.body(), record);
        checked++;
    }

    private static Method methodNamed(Class<?> service, String name) {
        for (Method method : service.getMethods()) {
            if (method.getName().equals(name)) {
                return method;
            }
        }
        throw new AssertionError(service.getSimpleName() + " has no " + name);
    }
}
