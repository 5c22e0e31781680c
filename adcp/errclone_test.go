package adcp

import (
	"reflect"
	"testing"
	"unsafe"
)

// fullError is an error with every member set, unexported ones included
// (decoded, so the codec state and retry_after as written are set), and an
// issue and a discriminator with every member set.
func fullError(t *testing.T) *Error {
	t.Helper()
	var e Error
	if err := e.UnmarshalJSON([]byte(`{"code":"VALIDATION_ERROR","message":"m","field":"a[0]","suggestion":"s",
		"retry_after":5.0000000000000000001,"recovery":"correctable","source":"sdk","sdk_id":"x@1",
		"details":{"d":1},"x_error":true,
		"issues":[{"pointer":"/a/0","message":"m","keyword":"type","schemaPath":"#/p","schema_id":"id","x_issue":1,
			"discriminator":[{"property_name":"kind","value":"v","x_disc":2}]}]}`)); err != nil {
		t.Fatal(err)
	}
	return &e
}

// leafPath is the way to one member: field indexes, and 0 for the first
// element of a slice.
type leafPath []int

func at(v reflect.Value, p leafPath) reflect.Value {
	for _, i := range p {
		if v.Kind() == reflect.Slice {
			v = v.Index(i)
			continue
		}
		v = v.Field(i)
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem() // settable, exported or not
	}
	return v
}

// eachMember calls f with the path and name of every member under v (a
// struct), recursing into structs and into the first element of slices of
// structs.
func eachMember(v reflect.Value, p leafPath, name string, f func(leafPath, string, reflect.Value)) {
	for i := 0; i < v.NumField(); i++ {
		fp, fn := append(p[:len(p):len(p)], i), name+"."+v.Type().Field(i).Name
		fv := at(v, leafPath{i})
		f(fp, fn, fv)
		switch {
		case fv.Kind() == reflect.Struct:
			eachMember(fv, fp, fn, f)
		case fv.Kind() == reflect.Slice && fv.Type().Elem().Kind() == reflect.Struct && fv.Len() > 0:
			eachMember(fv.Index(0), append(fp, 0), fn+"[0]", f)
		}
	}
}

// changes are the ways to change a member of v's kind: each func changes
// the member it is given.
func changes(v reflect.Value) map[string]func(reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		return map[string]func(reflect.Value){"longer": func(v reflect.Value) { v.SetString(v.String() + "x") }}
	case reflect.Bool:
		return map[string]func(reflect.Value){"negated": func(v reflect.Value) { v.SetBool(!v.Bool()) }}
	case reflect.Uint64:
		return map[string]func(reflect.Value){"plus one": func(v reflect.Value) { v.SetUint(v.Uint() + 1) }}
	case reflect.Pointer:
		return map[string]func(reflect.Value){
			"nil":      func(v reflect.Value) { v.SetZero() },
			"in place": func(v reflect.Value) { v.Elem().SetFloat(v.Elem().Float() + 1) },
		}
	case reflect.Slice:
		m := map[string]func(reflect.Value){
			"nil":   func(v reflect.Value) { v.SetZero() },
			"empty": func(v reflect.Value) { v.Set(reflect.MakeSlice(v.Type(), 0, 0)) },
			"longer": func(v reflect.Value) {
				v.Set(reflect.Append(v, reflect.New(v.Type().Elem()).Elem()))
			},
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			m["in place"] = func(v reflect.Value) { v.Index(0).SetUint(v.Index(0).Uint() ^ 1) }
		}
		return m
	case reflect.Map:
		return map[string]func(reflect.Value){
			"nil":   func(v reflect.Value) { v.SetZero() },
			"empty": func(v reflect.Value) { v.Set(reflect.MakeMap(v.Type())) },
			"in place": func(v reflect.Value) {
				k := v.MapKeys()[0]
				v.MapIndex(k).Index(0).SetUint(v.MapIndex(k).Index(0).Uint() ^ 1) // shares the value's array
			},
			"key added": func(v reflect.Value) {
				v.SetMapIndex(reflect.ValueOf("x_added"), reflect.ValueOf([]byte("1")).Convert(v.Type().Elem()))
			},
		}
	case reflect.Struct, reflect.Array:
		return nil // its members are changed one by one
	}
	panic("no changes for " + v.Kind().String())
}

// TestCloneAndSameError holds cloneError and sameError, with which package
// seller knows an error it checked is unchanged, to every member of Error,
// Issue and IssueDiscriminator, unexported ones included: a member added
// later without them fails here.
func TestCloneAndSameError(t *testing.T) {
	base := fullError(t)
	pristine := cloneError(base)
	if !sameError(base, pristine) || !reflect.DeepEqual(base, pristine) {
		t.Fatal("cloneError's copy differs")
	}
	n := 0
	eachMember(reflect.ValueOf(base).Elem(), nil, "Error", func(p leafPath, name string, v reflect.Value) {
		if v.Kind() == reflect.Array && v.Len() == 0 { // _ [0]func() and the like
			return
		}
		if v.IsZero() {
			t.Errorf("%s is not set in fullError: set it, and make cloneError and sameError handle it", name)
			return
		}
		for how, change := range changes(v) {
			n++
			c := cloneError(base)
			change(at(reflect.ValueOf(c).Elem(), p))
			if sameError(base, c) || sameError(c, base) {
				t.Errorf("%s %s: sameError does not see the change", name, how)
			}
			if !reflect.DeepEqual(base, pristine) {
				t.Fatalf("%s %s: changing the copy changed the original: cloneError shares it", name, how)
			}
			if !sameError(c, cloneError(c)) {
				t.Errorf("%s %s: a copy of the changed error differs from it", name, how)
			}
		}
	})
	if n < 40 {
		t.Fatalf("only %d changes tried", n)
	}
	// A zero error, and nil and empty told apart.
	if !sameError(&Error{}, cloneError(&Error{})) || sameError(&Error{}, &Error{Issues: []Issue{}}) ||
		sameError(&Error{Details: []byte{}}, &Error{}) {
		t.Error("nil and empty members")
	}
}
