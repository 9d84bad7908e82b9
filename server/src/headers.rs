//! Security headers sent with every answer, API and web app alike: a strict
//! Content-Security-Policy (no inline script, no framing) that lets in
//! Stripe's script and frames only when Stripe is the payment provider.

use axum::http::HeaderValue;

use crate::config::Config;

/// The Content-Security-Policy for this shop's configuration.
pub fn content_security_policy(config: &Config) -> HeaderValue {
    let stripe = config.payment_provider == "stripe";
    // Stripe.js loads from js.stripe.com, draws its card field in frames from
    // there (and hooks.stripe.com for 3-D Secure) and calls api.stripe.com.
    let (script, frame, connect) = if stripe {
        (
            " https://js.stripe.com",
            "frame-src https://js.stripe.com https://hooks.stripe.com; ",
            " https://api.stripe.com",
        )
    } else {
        ("", "", "")
    };
    // `blob:` images are pictures an admin picked, previewed before upload;
    // only this page's own script can make one.
    let policy = format!(
        "default-src 'self'; script-src 'self'{script}; {frame}connect-src 'self'{connect}; \
         object-src 'none'; base-uri 'self'; frame-ancestors 'none'; \
         img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'"
    );
    HeaderValue::from_str(&policy).expect("the policy is plain ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripe_is_let_in_only_when_it_is_the_payment_provider() {
        let mut config = Config::defaults("data");
        let policy = content_security_policy(&config);
        let policy = policy.to_str().unwrap();
        assert!(policy.contains("script-src 'self';"), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
        assert!(!policy.contains("stripe"), "{policy}");
        config.payment_provider = "stripe".into();
        let policy = content_security_policy(&config);
        let policy = policy.to_str().unwrap();
        assert!(policy.contains("script-src 'self' https://js.stripe.com;"));
        assert!(policy.contains("frame-src https://js.stripe.com"));
        assert!(!policy.contains("unsafe-eval"));
    }
}
