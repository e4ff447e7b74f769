{{/* Labels of every object: the ones the kustomize base sets, and Helm's. */}}
{{- define "cryptogate.labels" -}}
app.kubernetes.io/name: cryptogate
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* The image: repository and digest, else repository and tag (the chart's appVersion by default). */}}
{{- define "cryptogate.image" -}}
{{- if .Values.image.digest -}}
{{ .Values.image.repository }}@{{ .Values.image.digest }}
{{- else -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}
{{- end -}}

{{/* The Secret every pod reads: an existing one, or the one this chart creates. */}}
{{- define "cryptogate.secretName" -}}
{{- if .Values.secrets.existingSecret -}}
{{ .Values.secrets.existingSecret }}
{{- else -}}
gateway-secrets
{{- end -}}
{{- end -}}

{{/* Addresses a pod may reach on the internet: every IPv4 address but the private, loopback and link-local ranges. */}}
{{- define "cryptogate.publicAddresses" -}}
- ipBlock:
    cidr: 0.0.0.0/0
    except: [10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 169.254.0.0/16, 127.0.0.0/8, 100.64.0.0/10]
{{- end -}}

{{/* A namespace selector by the namespace's name. */}}
{{- define "cryptogate.namespace" -}}
- namespaceSelector:
    matchLabels:
      kubernetes.io/metadata.name: {{ . }}
{{- end -}}
