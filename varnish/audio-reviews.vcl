vcl 4.1;
# astro-audio-reviews: the shared page cache of several server processes (docs/on-demand.md,
# "Several server processes"). Include it from a site VCL that declares the backends and picks
# one in its own vcl_recv (without returning). Needs Varnish 7.1+ and varnish-modules (xkey, var).
#
# What it adds to Varnish's builtin VCL, which still runs after it:
# - pages are kept as the provider's CDN-Cache-Control says (max-age, stale-while-revalidate),
#   tagged by its xkey header, and kept stale-if-error longer for outages (Cache-Control's, else
#   a day); a 5xx, no-store, private or Set-Cookie answer is never kept;
# - past max-age within stale-while-revalidate: the stale page at once, one background render;
# - past that: one render in the foreground; if it fails (5xx, refused, timeout), the last good
#   copy, and a failed render (background or not) never replaces it;
# - purges: PURGE with AAR-Purge-Keys, from the server processes only (the secret, or loopback);
# - no header meant for the cache reaches a visitor.

import std;
import xkey;
import var;

acl aar_loopback {
	"127.0.0.0"/8;
	"::1";
}

sub vcl_recv {
	if (req.restarts == 0) {
		# Our own request markers: a visitor's copies are dropped.
		unset req.http.aar-refresh;
		unset req.http.aar-stale;
	}
	if (req.method == "PURGE") {
		call aar_purge;
	}
	# No other way to purge or ban: these never reach the builtin VCL, which would pipe them.
	if (req.method == "BAN" || req.method == "REFRESH" || req.method == "PURGEALL") {
		return (synth(405, "Method not allowed"));
	}
	unset req.http.AAR-Purge-Keys;
	unset req.http.AAR-Purge-Secret;
	if (req.http.aar-refresh) {
		# A stale page past stale-while-revalidate: not served as it is, rendered again below.
		set req.grace = 0s;
	} elif (req.http.aar-stale) {
		# That render failed: the object's own grace again (req.grace outlives a restart).
		set req.grace = 3650d;
	}
}

sub aar_purge {
	if (std.getenv("AUDIO_REVIEWS_PURGE_SECRET") ~ ".") {
		if (std.getenv("AUDIO_REVIEWS_PURGE_SECRET") !~ "^.{16,}$") {
			return (synth(503, "AUDIO_REVIEWS_PURGE_SECRET is shorter than 16 characters: purges refused"));
		}
		if (req.http.AAR-Purge-Secret != std.getenv("AUDIO_REVIEWS_PURGE_SECRET")) {
			return (synth(403, "Purge refused: missing or wrong secret"));
		}
	} else if (client.ip !~ aar_loopback) {
		return (synth(403, "Purge refused: set AUDIO_REVIEWS_PURGE_SECRET to purge from other hosts"));
	}
	if (req.http.AAR-Purge-Keys !~ "[^ ,]") {
		return (synth(400, "Purge refused: no AAR-Purge-Keys"));
	}
	# Renders in flight since before this moment are not kept (vcl_backend_response).
	var.global_set("aar-purged-at", "" + std.time2real(now, 0.0));
	set req.http.aar-purged = xkey.purge(req.http.AAR-Purge-Keys);
	return (synth(200, "Purged"));
}

sub vcl_hit {
	if (!req.http.aar-stale && obj.http.aar-swr && obj.ttl + std.duration(obj.http.aar-swr, 0s) < 0s) {
		set req.http.aar-refresh = "1";
		return (restart);
	}
}

sub vcl_backend_fetch {
	set bereq.http.aar-fetch-start = "" + std.time2real(now, 0.0);
}

sub vcl_backend_response {
	if (beresp.status >= 500) {
		# A stale copy exists: keep it (vcl_synth serves it), never this error.
		if (bereq.is_bgfetch || bereq.http.aar-refresh) {
			return (abandon);
		}
		call aar_not_kept;
	}
	if (beresp.http.Cache-Control ~ "(?i)(no-store|private)" || beresp.http.CDN-Cache-Control ~ "(?i)(no-store|private)" || beresp.http.Set-Cookie) {
		call aar_not_kept;
	}
	if (std.real(var.global_get("aar-purged-at"), 0.0) >= std.real(bereq.http.aar-fetch-start, 0.0)) {
		# A purge came while this was rendered: it may show what the purge removed.
		call aar_not_kept;
	}
	if (beresp.http.CDN-Cache-Control ~ "(?i)(^|[ ,])max-age=[0-9]+") {
		set beresp.ttl = std.duration(regsub(beresp.http.CDN-Cache-Control, "(?i)^(.*[ ,])?max-age=([0-9]+).*$", "\2s"), 0s);
		set beresp.http.aar-swr = "0s";
		if (beresp.http.CDN-Cache-Control ~ "(?i)stale-while-revalidate=[0-9]+") {
			set beresp.http.aar-swr = regsub(beresp.http.CDN-Cache-Control, "(?i)^.*stale-while-revalidate=([0-9]+).*$", "\1s");
		}
		set beresp.http.aar-sie = "86400s";
		if (beresp.http.Cache-Control ~ "(?i)stale-if-error=[0-9]+") {
			set beresp.http.aar-sie = regsub(beresp.http.Cache-Control, "(?i)^.*stale-if-error=([0-9]+).*$", "\1s");
		}
		# Grace spans both stale windows; vcl_hit serves past stale-while-revalidate only on failure.
		set beresp.grace = std.duration(beresp.http.aar-swr, 0s) + std.duration(beresp.http.aar-sie, 0s);
		set beresp.keep = 0s;
		unset beresp.http.aar-sie;
		return (deliver);
	}
}

sub aar_not_kept {
	# A short hit-for-miss: concurrent requests then go on in parallel instead of queueing one
	# after the other, and the next request after it tries again.
	set beresp.ttl = 1s;
	set beresp.grace = 0s;
	set beresp.keep = 0s;
	set beresp.uncacheable = true;
	return (deliver);
}

sub vcl_backend_error {
	# Refused or timed out: another server process first, then the stale copy if there is one.
	if (bereq.retries < 2) {
		return (retry);
	}
	if (bereq.is_bgfetch || bereq.http.aar-refresh) {
		return (abandon);
	}
	set beresp.ttl = 0s;
	set beresp.grace = 0s;
}

sub vcl_synth {
	if (req.http.aar-refresh && !req.http.aar-stale && resp.status == 503) {
		# The foreground render failed: the last good copy, within stale-if-error.
		unset req.http.aar-refresh;
		set req.http.aar-stale = "1";
		return (restart);
	}
	if (req.method == "PURGE" && resp.status == 200) {
		set resp.http.AAR-Purge = "done";
		set resp.http.AAR-Purged = req.http.aar-purged;
	}
}

sub vcl_deliver {
	unset resp.http.xkey;
	unset resp.http.CDN-Cache-Control;
	unset resp.http.Cache-Tag;
	unset resp.http.Surrogate-Control;
	unset resp.http.Surrogate-Key;
	unset resp.http.aar-swr;
}
