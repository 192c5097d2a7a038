import Hummingbird

/// Indodax-style `success: 1` + `return` envelopes; failures say `success: 0` with an `error` string.
extension DemoBackend {
    static func addIndodaxRoutes(to router: Router<DemoRequestContext>) {
        router.get("/indodax/getInfo") { _, _ -> Response in
            .json(
                """
                {"success":1,"return":{"server_time":1763800000,"user_id":"771203","name":"Budi Santoso",\
                "balance":{"idr":"15000000","btc":"0.01850000","eth":"0.42000000"},\
                "balance_hold":{"idr":"0","btc":"0.00000000"},"verification_status":"verified"}}
                """
            )
        }
        router.get("/indodax/tradeHistory") { _, _ -> Response in
            .json(#"{"success":0,"error":"Invalid credentials","error_code":"invalid_credentials"}"#)
        }
    }
}
