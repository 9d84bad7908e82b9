//! Who a request comes from. Behind a reverse proxy every connection comes
//! from the proxy, so the client's own address is read from
//! `X-Forwarded-For`, but only when the connection comes from a proxy named in
//! SHOP_TRUSTED_PROXIES (anyone else could write any address there). Rate
//! limits and the per-client connection cap count IPv6 clients by their /64,
//! the block one household or server is usually given.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::str::FromStr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;

use crate::app::state::AppState;
use crate::core::error::ApiError;

/// One address or a block of them (`10.0.0.0/8`, `fd00::/8`, `192.0.2.7`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpBlock {
    network: IpAddr,
    prefix: u8,
}

impl IpBlock {
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.network, canonical(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl FromStr for IpBlock {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let wrong = || format!("'{s}' is not an IP address or a CIDR block like 10.0.0.0/8");
        let (address, prefix) = match s.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (s, None),
        };
        let network = canonical(address.parse::<IpAddr>().map_err(|_| wrong())?);
        let most = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= most)
                .ok_or_else(wrong)?,
            None => most,
        };
        Ok(IpBlock { network, prefix })
    }
}

/// The reverse proxies whose `X-Forwarded-For` is believed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpBlock>);

impl TrustedProxies {
    pub fn new(blocks: Vec<IpBlock>) -> Self {
        TrustedProxies(blocks)
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|block| block.contains(ip))
    }

    /// The client's address: the peer's, unless the peer is a trusted proxy;
    /// then the right-most address in `X-Forwarded-For` that is not itself a
    /// trusted proxy (each proxy appends the address it was reached from, so
    /// addresses left of that one were written by the client and prove nothing).
    pub fn client_ip(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = canonical(peer);
        if !self.contains(peer) {
            return peer;
        }
        let forwarded: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .collect();
        let mut client = peer;
        for entry in forwarded.iter().rev() {
            let Some(ip) = parse_forwarded(entry) else {
                // Nonsense from a trusted hop: go no further than what it vouches for.
                break;
            };
            client = ip;
            if !self.contains(ip) {
                break;
            }
        }
        client
    }
}

/// One `X-Forwarded-For` entry: an address, possibly with a port
/// (`192.0.2.7:5000`, `[2001:db8::1]:5000`).
fn parse_forwarded(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    if let Ok(ip) = entry.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    entry.parse::<SocketAddr>().ok().map(|a| canonical(a.ip()))
}

/// IPv4 addresses written as IPv6 (`::ffff:192.0.2.7`) as the IPv4 they are.
fn canonical(ip: IpAddr) -> IpAddr {
    ip.to_canonical()
}

/// The key rate limits and connection caps count a client under: an IPv4
/// address, or an IPv6 address's /64 (one host easily has a whole /64).
pub fn bucket(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & (u128::MAX << 64))),
    }
}

/// The calling client's address, as `TrustedProxies::client_ip` finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl std::fmt::Display for ClientIp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip())
            .ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!("the connection's address is unknown"))
            })?;
        Ok(ClientIp(
            state.trusted_proxies.client_ip(peer, &parts.headers),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn proxies(list: &[&str]) -> TrustedProxies {
        TrustedProxies::new(list.iter().map(|s| s.parse().unwrap()).collect())
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        headers
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn blocks_are_addresses_or_cidrs() {
        let block: IpBlock = "10.0.0.0/8".parse().unwrap();
        assert!(block.contains(ip("10.200.3.4")));
        assert!(block.contains(ip("::ffff:10.1.1.1")));
        assert!(!block.contains(ip("11.0.0.1")));
        assert!(!block.contains(ip("::1")));
        let one: IpBlock = "192.0.2.7".parse().unwrap();
        assert!(one.contains(ip("192.0.2.7")) && !one.contains(ip("192.0.2.8")));
        let v6: IpBlock = "2001:db8::/32".parse().unwrap();
        assert!(v6.contains(ip("2001:db8:ffff::1")) && !v6.contains(ip("2001:db9::1")));
        let all: IpBlock = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("203.0.113.9")));
        for bad in ["", "10.0.0.0/33", "example.com", "10.0.0/8", "::/129"] {
            assert!(bad.parse::<IpBlock>().is_err(), "{bad}");
        }
    }

    #[test]
    fn forwarded_for_is_read_only_from_a_trusted_proxy() {
        let trusted = proxies(&["10.0.0.0/8"]);
        let headers = forwarded(&["203.0.113.9"]);
        assert_eq!(
            trusted.client_ip(ip("10.0.0.2"), &headers),
            ip("203.0.113.9")
        );
        assert_eq!(
            trusted.client_ip(ip("198.51.100.1"), &headers),
            ip("198.51.100.1")
        );
        assert_eq!(
            TrustedProxies::default().client_ip(ip("10.0.0.2"), &headers),
            ip("10.0.0.2")
        );
        // No header: the proxy itself.
        assert_eq!(
            trusted.client_ip(ip("10.0.0.2"), &HeaderMap::new()),
            ip("10.0.0.2")
        );
    }

    #[test]
    fn the_right_most_untrusted_address_is_the_client() {
        let trusted = proxies(&["10.0.0.0/8", "2001:db8::/32"]);
        // The client wrote a fake first entry; two proxies appended theirs.
        let headers = forwarded(&["1.2.3.4, 203.0.113.9", "10.0.0.5"]);
        assert_eq!(
            trusted.client_ip(ip("10.0.0.2"), &headers),
            ip("203.0.113.9")
        );
        let headers = forwarded(&["1.2.3.4, [2001:db9::7]:443, 2001:db8::1"]);
        assert_eq!(
            trusted.client_ip(ip("10.0.0.2"), &headers),
            ip("2001:db9::7")
        );
        // Garbage written by a trusted hop: the last address it vouches for.
        let headers = forwarded(&["203.0.113.9, nonsense, 10.0.0.9"]);
        assert_eq!(trusted.client_ip(ip("10.0.0.2"), &headers), ip("10.0.0.9"));
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64() {
        assert_eq!(bucket(ip("2001:db8:1:2:3:4:5:6")), ip("2001:db8:1:2::"));
        assert_eq!(
            bucket(ip("2001:db8:1:2::ffff")),
            bucket(ip("2001:db8:1:2::1"))
        );
        assert_ne!(bucket(ip("2001:db8:1:3::1")), bucket(ip("2001:db8:1:2::1")));
        assert_eq!(bucket(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(bucket(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
    }
}
