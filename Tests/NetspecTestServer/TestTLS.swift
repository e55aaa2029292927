public import NIOSSL

/// TLS for a ``TestServer``: a self-signed certificate for `localhost` and `127.0.0.1`, valid
/// until 2126, made with
/// `openssl req -x509 -newkey rsa:2048 -nodes -days 36500 -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1`.
/// No client trusts it, which is what the certificate-verification tests need.
public enum TestTLS {
    /// The certificate, PEM.
    public static let certificatePEM = """
-----BEGIN CERTIFICATE-----
MIIDJzCCAg+gAwIBAgIUArkssJLoZBC4+NnUY0bjh++IL/AwDQYJKoZIhvcNAQEL
BQAwFDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMjA0MjgwOFoYDzIxMjYx
MDI5MDQyODA4WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwggEiMA0GCSqGSIb3DQEB
AQUAA4IBDwAwggEKAoIBAQDCUH6Wk+RCgxeUcMZKNKkYXlWbONhIW8hsRk41kla2
bD7fNhUpvhouGFQUL3dk8kzDrMPKvViZio2dyM+AI/P3T9E2ok6KIGpMxd/NDpc4
OkwGQSjaQIqrDFcG2txTeRksH5s/N7yJjZngPTXdvdXzdHOAjDLWD15rlegh4tNd
Qy2eyhnvg2f9JgmQ7uGqM8v6i/VmDgQT/SqwluB47hbB9kpa9Hfay0Ra8Q+OyDiU
hFkhERTLs3mBPX3cqeTDWwhjAlLTdUBMD09hTyyeOtdANn+zXz39K6EjRsdZzHk6
CDzN5o7X4trOEB/IYGYXYGVaKPxU/Bcak6BJO8DRYbNrAgMBAAGjbzBtMB0GA1Ud
DgQWBBT+SV71FAgVZuiKHR/xllOdSigYxzAfBgNVHSMEGDAWgBT+SV71FAgVZuiK
HR/xllOdSigYxzAPBgNVHRMBAf8EBTADAQH/MBoGA1UdEQQTMBGCCWxvY2FsaG9z
dIcEfwAAATANBgkqhkiG9w0BAQsFAAOCAQEADNsVsvsWI/DIq+dLuDrV+dfaccIm
S0yznreUfii7DCK4UDMmJXa8+IEDXszbps6GwpgU75KoQ6xYTDihoV6TD7LY0+YA
6HMQtsKb6qOaroRVcjhUB2ePHrJ9y/47u3HuaYnP9lmCP4fQwZRwVqCu8SC5xndd
9f0PFRPtFcl0b2YMnaUiBkhjFpmtnDjkip2Pvb1phWOGAkqOmJX/pH8tXAuU+nJH
MdrYrlnh1s1wBdGMj8kkVLwXrAp6HUf/PRVtLcLm3Ob+UIcHcqC0hd2x2VLm6ieq
WMslENP3SzabCY5klDwB8jckxVnU9mRtvVwiTOPZ4v/v9F1mD/bkQrrjUw==
-----END CERTIFICATE-----
"""

    /// The private key, PEM.
    static let privateKeyPEM = """
-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDCUH6Wk+RCgxeU
cMZKNKkYXlWbONhIW8hsRk41kla2bD7fNhUpvhouGFQUL3dk8kzDrMPKvViZio2d
yM+AI/P3T9E2ok6KIGpMxd/NDpc4OkwGQSjaQIqrDFcG2txTeRksH5s/N7yJjZng
PTXdvdXzdHOAjDLWD15rlegh4tNdQy2eyhnvg2f9JgmQ7uGqM8v6i/VmDgQT/Sqw
luB47hbB9kpa9Hfay0Ra8Q+OyDiUhFkhERTLs3mBPX3cqeTDWwhjAlLTdUBMD09h
TyyeOtdANn+zXz39K6EjRsdZzHk6CDzN5o7X4trOEB/IYGYXYGVaKPxU/Bcak6BJ
O8DRYbNrAgMBAAECggEAOUaLwauvFRHaAfWp5RaXnyizOBEt40o2jf+9LtpHN/c5
Iwcofsjbo6mlItwI59bp3KWQgrKEKqHl81PNIfq2/zdmNiHqX5mFa8LJoIJD/Z1l
alSLi6WJmjiFcG5TkkE4M8LPOned2bfE2w1/0rARn/S71PC+TU1zaefiaBaZcbwG
wCXppr1lsVxz/aHiBZ00MjKDD5RA13a64hPLIvviCEi3+bMYq13w8nfvX878g6Jx
5fb4hnEqObHK0Gjgs+YeszfpYZKpGHpy4Cv1TpTpBXa+amYUERfL0Oh9eRS2WQhH
VKKopCZoakTaPCLCzy8RzF/a31jf5oc5hGZH4leoqQKBgQD3zg3h3EXG2S5Q2R4s
0J/44fqarlfBf2IaxRDM2HM4nzy8r1KBVjpS52HaQKH9Q3oHXLQqokF9uVZHLAUq
X6BbdDDjEABB8sbaWUYl9vUWgBjrPRO8iSzKD0tXE2G0zeaEtuHIZMDNcKN3NXSp
OHi5phBDMpKsPI34gbmVOYxdgwKBgQDIvZVmN6hATZI0bS4sIh+w8IzHZ5QCv4xy
btuOrvUvg/CbOoK6q9Z0Hp7ru3ZUnr7NFj5cn2GHVdqu/Aa4YNDpVQLfaeyjm9/6
fjbYiq89RSUCaEfhs6k3+3fWvzw2j4UnBNSBxBVooXbotwG5VUaHymr9YXghekpv
EkYMOuUV+QKBgQDxQ3Xyo+Jvsr3MS0d8vHYz+9hhR0L7iok6pQkxV7/+rdKVpmC+
ufQ5CTwVIX5VtZ+WkWR8adM3k/3zd2FkGwxmXh7Gw6psivGeXvLUPbfrezZHugSA
OFIaPH/OvHkRbrJ0HhZ/Y9DvdC5C/xGhO/EWVx9YPWHePWrAO5UzO390/wKBgF0m
/MkuUrlkRdBmSeLZAvPM7Mcr3ZdY5AfGQcR4k/a0t1aRVFDjpOTFwOGLYGHsOIZb
KB07KLrwsEY7VbMB2nAsruSV9uYFU26eWz0pPiCkkYQIeDLYeFIuM3JH091NxHBS
4XpGT9j59IARTI+AbvZcjEGAlYqTgS8Bv9e1DNGhAoGBAIa9T8ETnBfcAIkGasHB
089jYEaET8AvTSOD2JYKy/77u7E3/N/yTogw9q794/eHy26RzyYff3+R6SeecTXJ
IfGOLki4VVUnJLRLf7DLY1Wsw1zYJsm+qzIpCbCwhpLalTKVc3EZY3ggd06QYPK8
BtVwvb2knq3XxK0UoPAcagtD
-----END PRIVATE KEY-----
"""

    /// A server TLS context with the self-signed certificate.
    public static func makeServerContext() throws -> NIOSSLContext {
        let certificate = try NIOSSLCertificate(bytes: Array(certificatePEM.utf8), format: .pem)
        let key = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
        return try NIOSSLContext(configuration: .makeServerConfiguration(certificateChain: [.certificate(certificate)], privateKey: .privateKey(key)))
    }
}
