//! nginx as the load balancer in front of several shop processes, started
//! with settings of the test's own in a folder of its own, stopped when
//! dropped. `scripts/ensure-nginx.sh` (run by `make test`) installs it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::free_port;

pub struct Nginx {
    child: Child,
    pub address: String,
    _dir: tempfile::TempDir,
}

fn nginx_binary() -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join("nginx"))
        .find(|file| file.is_file());
    on_path
        .or_else(|| Some(PathBuf::from("/usr/sbin/nginx")).filter(|file| file.is_file()))
        .expect("nginx is not installed: scripts/ensure-nginx.sh installs it (make test runs it)")
}

/// The settings: round robin over `upstreams` (`127.0.0.1:port`), a process
/// that refuses a connection is passed over for 10 s, and a request that
/// could not be sent to one is sent to the next. A request already sent is
/// never sent again (nginx's rule for POST), so an order is never placed
/// twice by the balancer.
fn settings(dir: &Path, port: u16, upstreams: &[String]) -> String {
    let dir = dir.display();
    let servers: String = upstreams
        .iter()
        .map(|up| format!("    server {up} max_fails=1 fail_timeout=10s;\n"))
        .collect();
    format!(
        "worker_processes 1;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {dir}/body;
  proxy_temp_path {dir}/proxy;
  fastcgi_temp_path {dir}/fastcgi;
  uwsgi_temp_path {dir}/uwsgi;
  scgi_temp_path {dir}/scgi;
  upstream shop {{
{servers}    keepalive 32;
  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection \"\";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }}
  }}
}}
"
    )
}

impl Nginx {
    /// Starts nginx on a free port in front of `upstreams` (`http://127.0.0.1:port`
    /// addresses, as `ShopProcess::address`); waits until it answers.
    pub async fn balance(upstreams: &[&str]) -> Nginx {
        let dir = tempfile::tempdir().expect("a folder for nginx");
        // When the tests run as root, nginx's worker runs as an unprivileged
        // user and must be able to write its temporary files here.
        std::fs::set_permissions(
            dir.path(),
            std::os::unix::fs::PermissionsExt::from_mode(0o777),
        )
        .unwrap();
        let upstreams: Vec<String> = upstreams
            .iter()
            .map(|up| up.trim_start_matches("http://").to_owned())
            .collect();
        let port = free_port();
        let conf = dir.path().join("nginx.conf");
        std::fs::write(&conf, settings(dir.path(), port, &upstreams)).unwrap();
        let child = Command::new(nginx_binary())
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(&conf)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("nginx starts");
        let nginx = Nginx {
            child,
            address: format!("http://127.0.0.1:{port}"),
            _dir: dir,
        };
        let started = Instant::now();
        let client = reqwest::Client::new();
        loop {
            let answer = client
                .get(format!("{}/api/health", nginx.address))
                .timeout(Duration::from_secs(2))
                .send()
                .await;
            if answer.is_ok_and(|a| a.status().is_success()) {
                return nginx;
            }
            assert!(
                started.elapsed() < Duration::from_secs(15),
                "nginx did not answer on {}",
                nginx.address
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Nginx {
    /// What nginx logged at `warn` and above so far.
    pub fn errors(&self) -> String {
        std::fs::read_to_string(self._dir.path().join("error.log")).unwrap_or_default()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM: nginx's master stops its worker and removes its pid file.
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}
